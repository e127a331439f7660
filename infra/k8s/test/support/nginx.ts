// Reads infra/docker/nginx.conf's edge the way the Ingress has to repeat it: the API routes with their
// body limits and rewrites, the /api/ response headers and timeouts, the server-wide body limit, and
// the locations the static edge serves itself. Only what that file uses is understood; anything else
// in a location makes the comparison report it rather than pass silently.
import type { K8sObject } from './manifests';

export interface NginxApiRoute {
  path: string;
  service: string;
  bodyLimit: string;
  rewriteTo?: string;
}

export interface NginxEdge {
  serverBodyLimit: string;
  /** `/api/<service>` prefixes proxied unchanged. */
  apiServices: string[];
  /** `location = /api/…` blocks. */
  exactApiRoutes: NginxApiRoute[];
  apiHeaders: Record<string, string>;
  apiTimeouts: { connect: number; read: number; send: number };
  /** Every other location of the server block, as written (`= /healthz`, `/`, …). */
  staticLocations: string[];
}

/** The body of the block opened at `open` (index of its `{`), braces balanced, strings skipped. */
function blockAt(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') i = text.indexOf('\n', i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces in nginx.conf');
}

/** Direct `location … {` children of a block: their argument and body. */
function locations(block: string): { arg: string; body: string }[] {
  const found: { arg: string; body: string }[] = [];
  const re = /^\s*location\s+([^{]+?)\s*\{/gm;
  let m: RegExpExecArray | null;
  while ((m = re.exec(block))) {
    const open = m.index + m[0].length - 1;
    const body = blockAt(block, open);
    found.push({ arg: m[1]!, body });
    re.lastIndex = open + body.length + 2;
  }
  return found;
}

const withoutComments = (text: string) => text.replace(/#[^\n]*/g, '');

/** A block's own directives: comments and nested `location … { … }` blocks removed. */
function ownDirectives(block: string): string {
  let text = withoutComments(block);
  for (;;) {
    const m = /^\s*location\s+[^{]+\{/m.exec(text);
    if (!m) return text;
    const open = m.index + m[0].length - 1;
    text = text.slice(0, m.index) + text.slice(open + blockAt(text, open).length + 2);
  }
}
const directive = (body: string, name: string) =>
  new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(withoutComments(body))?.[1]?.trim();
const seconds = (value: string | undefined) => Number(value?.replace(/s$/, ''));

export function parseNginxEdge(conf: string): NginxEdge {
  const serverAt = conf.search(/^\s*server\s*\{/m);
  const server = blockAt(conf, conf.indexOf('{', serverAt));
  const http = conf.slice(0, serverAt);
  const api = locations(server).find((l) => l.arg === '^~ /api/');
  if (!api) throw new Error('nginx.conf has no `location ^~ /api/`');

  const apiHeaders: Record<string, string> = {};
  for (const m of ownDirectives(api.body).matchAll(/add_header\s+(\S+)\s+"([^"]*)"\s+always;/g))
    apiHeaders[m[1]!] = m[2]!;

  let apiServices: string[] = [];
  const exactApiRoutes: NginxApiRoute[] = [];
  const serverBodyLimit = directive(http, 'client_max_body_size') ?? '1m';
  for (const { arg, body } of locations(api.body)) {
    const prefix = /^~ \^\/api\/\(\?<\w+>([a-z|]+)\)\(\?:\/\|\$\)$/.exec(arg);
    if (prefix) {
      apiServices = prefix[1]!.split('|');
      continue;
    }
    const exact = /^= (\/api\/\S+)$/.exec(arg);
    if (!exact) throw new Error(`nginx.conf: an /api/ location the comparison does not know: ${arg}`);
    const rewrite = /rewrite \^ (\S+) last;/.exec(body)?.[1];
    const setService = /set \$\w+ (\w+);/.exec(body)?.[1];
    const proxied = /proxy_pass http:\/\/(\w+):3000/.exec(body)?.[1];
    const service = rewrite ? /^\/api\/(\w+)\//.exec(rewrite)?.[1] : (setService ?? proxied);
    if (!service) throw new Error(`nginx.conf: cannot tell which service answers ${exact[1]}`);
    exactApiRoutes.push({
      path: exact[1]!,
      service,
      bodyLimit: directive(body, 'client_max_body_size') ?? serverBodyLimit,
      ...(rewrite ? { rewriteTo: rewrite } : {}),
    });
  }
  return {
    serverBodyLimit,
    apiServices,
    exactApiRoutes,
    apiHeaders,
    apiTimeouts: {
      connect: seconds(directive(api.body, 'proxy_connect_timeout')),
      read: seconds(directive(api.body, 'proxy_read_timeout')),
      send: seconds(directive(api.body, 'proxy_send_timeout')),
    },
    staticLocations: locations(server)
      .map((l) => l.arg)
      .filter((arg) => arg !== '^~ /api/'),
  };
}

/** Locations the vere/edge image's nginx answers itself: the Ingress sends them (`/`) to `web`. */
export const SERVED_BY_WEB = [
  '= /healthz',
  '@payload_too_large',
  '@photo_too_large',
  '= /remotes.json',
  // The service worker, kept uncached (decision 0054).
  '= /sw.js',
  '^~ /remotes/',
  // The shell's pages, with remotes.json written in by SSI (decision 0075).
  '~ ^/(index|auth)\\.html$',
  '~ \\.[A-Za-z0-9]+$',
  '= /auth',
  // Universal links (apps/ios): the association file, as JSON.
  '= /.well-known/apple-app-site-association',
  '/',
];

const NGINX = 'nginx.ingress.kubernetes.io';

/**
 * What nginx.conf's edge does that the rendered Ingresses do not (empty: the same routes, limits,
 * timeouts and headers). Each line names the difference.
 */
export function edgeDifferences(edge: NginxEdge, objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const ingresses = objects.filter((o) => o.kind === 'Ingress');
  const routes = ingresses.flatMap((ing) =>
    ing.spec.rules.flatMap(
      (r: { http: { paths: object[] } }) =>
        r.http.paths.map((p) => ({ ingress: ing, ...(p as { path: string; pathType: string; backend: any }) })), // eslint-disable-line @typescript-eslint/no-explicit-any -- plain YAML
    ),
  );
  const annotation = (ing: K8sObject, key: string) => ing.metadata.annotations?.[`${NGINX}/${key}`];
  const headersOf = (ing: K8sObject) => {
    const ref = annotation(ing, 'custom-headers');
    if (!ref) return {};
    const cm = objects.find((o) => o.kind === 'ConfigMap' && `${o.metadata.namespace}/${o.metadata.name}` === ref);
    return cm?.data ?? {};
  };
  const checkApiIngress = (ing: K8sObject, what: string, bodyLimit: string) => {
    if (annotation(ing, 'proxy-body-size') !== bodyLimit)
      problems.push(`${what}: body limit ${annotation(ing, 'proxy-body-size')} on the Ingress, ${bodyLimit} in nginx`);
    for (const [key, value] of Object.entries(edge.apiTimeouts))
      if (annotation(ing, `proxy-${key}-timeout`) !== String(value))
        problems.push(`${what}: proxy-${key}-timeout ${annotation(ing, `proxy-${key}-timeout`)}, ${value}s in nginx`);
    const headers = headersOf(ing);
    for (const [name, value] of Object.entries(edge.apiHeaders))
      if (headers[name] !== value) problems.push(`${what}: response header ${name} differs or is missing`);
    for (const name of Object.keys(headers))
      if (!(name in edge.apiHeaders)) problems.push(`${what}: response header ${name} is not in nginx`);
  };

  for (const service of edge.apiServices) {
    const route = routes.find((r) => r.path === `/api/${service}` && r.pathType === 'Prefix');
    if (!route) {
      problems.push(`nginx proxies /api/${service}/ but no Ingress routes the prefix /api/${service}`);
      continue;
    }
    if (route.backend.service.name !== service || route.backend.service.port.number !== 3000)
      problems.push(`/api/${service} goes to ${route.backend.service.name}:${route.backend.service.port.number}`);
    checkApiIngress(route.ingress, `/api/${service}`, edge.serverBodyLimit);
  }
  for (const r of routes.filter((r) => r.path.startsWith('/api/') && r.pathType === 'Prefix'))
    if (!edge.apiServices.includes(r.path.slice('/api/'.length)))
      problems.push(`the Ingress routes ${r.path}, nginx does not`);

  for (const exact of edge.exactApiRoutes) {
    const route = routes.find((r) => r.path === exact.path && r.pathType === 'Exact');
    if (!route) {
      problems.push(`nginx routes ${exact.path} (body ${exact.bodyLimit}) but no Ingress has that Exact path`);
      continue;
    }
    if (route.backend.service.name !== exact.service)
      problems.push(`${exact.path} goes to ${route.backend.service.name}, nginx sends it to ${exact.service}`);
    if (annotation(route.ingress, 'rewrite-target') !== exact.rewriteTo)
      problems.push(
        `${exact.path}: rewritten to ${annotation(route.ingress, 'rewrite-target')}, nginx: ${exact.rewriteTo}`,
      );
    checkApiIngress(route.ingress, exact.path, exact.bodyLimit);
  }
  for (const r of routes.filter((r) => r.pathType === 'Exact'))
    if (!edge.exactApiRoutes.some((e) => e.path === r.path))
      problems.push(`the Ingress routes ${r.path}, nginx does not`);

  for (const location of edge.staticLocations)
    if (!SERVED_BY_WEB.includes(location))
      problems.push(`nginx serves \`location ${location}\`, which the Ingress does not route`);
  const web = routes.find((r) => r.path === '/' && r.pathType === 'Prefix');
  if (web?.backend.service.name !== 'web') problems.push('no Ingress sends / to the web deployable');
  else if (annotation(web.ingress, 'proxy-body-size') !== edge.serverBodyLimit)
    problems.push(`/: body limit ${annotation(web.ingress, 'proxy-body-size')}, ${edge.serverBodyLimit} in nginx`);
  return problems;
}
