// docker-compose.yml + infra/docker/nginx.conf and infra/k8s describe the same deployment: the same
// services and images, the same PostgreSQL and NATS versions, the same variables, and the same edge
// (routes, body limits, timeouts, headers). A change to one that the other lacks fails here.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { natsValues } from '../src/nats';
import { NATS_IMAGE, POSTGRES_IMAGE, SERVICE_NAMES } from '../src/topology';
import { VARIANTS } from '../src/variants';
import { byKind, named, render, type K8sObject } from './support/manifests';
import { edgeDifferences, parseNginxEdge } from './support/nginx';

const repo = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const compose = parse(repo('docker-compose.yml'), { merge: true }) as {
  services: Record<string, { image: string; environment?: Record<string, string>; command?: string[] }>;
};
const nginxConf = repo('infra/docker/nginx.conf');
const production = render('production');

/** Variables compose sets that the cluster deliberately does not, and why. */
const NOT_IN_K8S: Record<string, string[]> = {
  // The cluster stores photos in S3: the local driver's folder and link-signing key do not apply,
  // and S3_ENDPOINT stays unset for AWS (set it in quests-config for an S3-compatible store).
  quests: ['STORAGE_DIR', 'PHOTO_URL_SIGNING_KEY', 'S3_ENDPOINT'],
};

/** The image without its tag (none of these images names a registry port). */
const imageRepository = (image: string) => image.split(':')[0];
const envNames = (deployment: K8sObject, objects: K8sObject[]) => {
  const [container] = deployment.spec.template.spec.containers;
  const fromConfig = container.envFrom.flatMap((e: { configMapRef: { name: string } }) =>
    Object.keys(named(objects, 'ConfigMap', e.configMapRef.name).data ?? {}),
  );
  return new Set<string>([...fromConfig, ...container.env.map((e: { name: string }) => e.name)]);
};

describe('docker-compose.yml and the production manifests', () => {
  it('run the same four services from the same images', () => {
    const composeServices = Object.entries(compose.services)
      .filter(([, s]) => s.image.startsWith('vere/') && s.image !== 'vere/edge:${VERE_TAG:-local}')
      .map(([name, s]) => [name, imageRepository(s.image)]);
    expect(composeServices).toEqual(SERVICE_NAMES.map((name) => [name, `vere/${name}`]));
    for (const [name, repository] of composeServices) {
      const [container] = named(production, 'Deployment', name!).spec.template.spec.containers;
      expect(imageRepository(container.image)).toBe(repository);
    }
    // One tag for the four (compose: VERE_TAG), and the edge image behind the static deployables.
    const tags = new Set(
      SERVICE_NAMES.map((n) => named(production, 'Deployment', n).spec.template.spec.containers[0].image.split(':')[1]),
    );
    expect(tags.size).toBe(1);
    expect(imageRepository(compose.services.edge!.image)).toBe('vere/edge');
    for (const d of byKind(production, 'Deployment').filter((d) => !SERVICE_NAMES.includes(d.metadata.name as never)))
      expect(imageRepository(d.spec.template.spec.containers[0].image)).toBe('vere/edge');
  });

  it('run the same PostgreSQL major and NATS version, with as many NATS nodes and stream replicas', () => {
    const pgMajor = /^postgres:(\d+)/.exec(compose.services.postgres!.image)?.[1];
    expect(pgMajor).toBeTruthy();
    expect(named(production, 'Cluster', 'vere-db').spec.imageName).toBe(POSTGRES_IMAGE);
    expect(POSTGRES_IMAGE.split(':')[1]!.split('.')[0]).toBe(pgMajor);

    const natsNodes = Object.entries(compose.services).filter(([name]) => /^nats-\d+$/.test(name));
    for (const [, node] of natsNodes) expect(node.image).toBe(`${NATS_IMAGE.repository}:${NATS_IMAGE.tag}`);
    const values = natsValues(VARIANTS.production);
    expect(values.container.image).toEqual(NATS_IMAGE);
    expect(values.config.cluster).toEqual({ enabled: true, replicas: natsNodes.length });
    for (const name of SERVICE_NAMES) {
      expect(named(production, 'ConfigMap', `${name}-config`).data!.NATS_STREAM_REPLICAS).toBe(
        compose.services[name]!.environment!.NATS_STREAM_REPLICAS,
      );
    }
  });

  it.each(SERVICE_NAMES)('give %s the same variables (config or secret reference)', (name) => {
    const inCompose = Object.keys(compose.services[name]!.environment ?? {}).filter(
      (v) => !(NOT_IN_K8S[name] ?? []).includes(v),
    );
    const inK8s = envNames(named(production, 'Deployment', name), production);
    expect(inCompose.filter((v) => !inK8s.has(v))).toEqual([]);
    // Fixed values that must agree (the rest come from the environment in compose).
    const config = named(production, 'ConfigMap', `${name}-config`).data!;
    for (const v of ['NODE_ENV', 'TRUST_PROXY', 'JWKS_URL', 'COOKIE_SECURE']) {
      const composeValue = compose.services[name]!.environment?.[v];
      if (composeValue !== undefined) expect(config[v], v).toBe(composeValue);
    }
  });
});

/** The variables a service's code declares (its config.ts and service-kit's env.ts, TypeBox keys). */
function declaredVariables(service: string): Set<string> {
  const keys = (file: string) => [...repo(file).matchAll(/^\s+([A-Z][A-Z0-9_]+):\s*Type\./gm)].map((m) => m[1]!);
  return new Set([...keys('libs/service-kit/src/env.ts'), ...keys(`services/${service}/src/config.ts`)]);
}

describe('the manifests and the services code', () => {
  it.each(SERVICE_NAMES)('set only variables %s reads', (name) => {
    const declared = declaredVariables(name);
    expect(declared.has('DATABASE_URL')).toBe(true);
    // NODE_ENV: Node's own convention (compose sets it too); DB_PASSWORD: only expanded into DATABASE_URL.
    const unknown = [...envNames(named(production, 'Deployment', name), production)].filter(
      (v) => !declared.has(v) && v !== 'NODE_ENV' && v !== 'DB_PASSWORD',
    );
    expect(unknown).toEqual([]);
  });
});

describe('infra/docker/nginx.conf and the Ingress', () => {
  const edge = parseNginxEdge(nginxConf);

  it('reads the edge nginx.conf describes', () => {
    expect(edge.apiServices).toEqual([...SERVICE_NAMES]);
    expect(edge.exactApiRoutes).toEqual([
      { path: '/api/quests/me/photos', service: 'quests', bodyLimit: '10304k' },
      {
        path: '/api/auth/reset-password',
        service: 'identity',
        bodyLimit: '1m',
        rewriteTo: '/api/identity/auth/reset-password',
      },
    ]);
    expect(edge.serverBodyLimit).toBe('1m');
    expect(edge.apiHeaders).toEqual({ 'X-Content-Type-Options': 'nosniff' });
    expect(edge.apiTimeouts).toEqual({ connect: 5, read: 60, send: 60 });
  });

  it.each(['base', 'production'] as const)('%s: has the same routes, body limits, timeouts and headers', (variant) => {
    expect(edgeDifferences(edge, render(variant))).toEqual([]);
  });

  it('fails when nginx gains an API route the Ingress lacks', () => {
    const withUpload = nginxConf.replace(
      '            location = /api/auth/reset-password {',
      `            location = /api/pods/me/cover {
                client_max_body_size 5m;
                proxy_pass http://pods:3000;
            }

            location = /api/auth/reset-password {`,
    );
    expect(withUpload).not.toBe(nginxConf);
    expect(edgeDifferences(parseNginxEdge(withUpload), production)).toEqual([
      'nginx routes /api/pods/me/cover (body 5m) but no Ingress has that Exact path',
    ]);

    const withService = nginxConf.replace('identity|quests|pods|billing)', 'identity|quests|pods|billing|chat)');
    expect(withService).not.toBe(nginxConf);
    expect(edgeDifferences(parseNginxEdge(withService), production)).toEqual([
      'nginx proxies /api/chat/ but no Ingress routes the prefix /api/chat',
    ]);
  });

  it('fails when nginx changes a limit, a header or a static location', () => {
    const biggerPhotos = nginxConf.replace('client_max_body_size 10304k;', 'client_max_body_size 20m;');
    expect(edgeDifferences(parseNginxEdge(biggerPhotos), production)).toEqual([
      '/api/quests/me/photos: body limit 10304k on the Ingress, 20m in nginx',
    ]);
    const newHeader = nginxConf.replace(
      '            add_header X-Content-Type-Options "nosniff" always;\n\n            # Inherited by the proxying',
      '            add_header X-Content-Type-Options "nosniff" always;\n            add_header Cross-Origin-Resource-Policy "same-origin" always;\n\n            # Inherited by the proxying',
    );
    expect(newHeader).not.toBe(nginxConf);
    expect(edgeDifferences(parseNginxEdge(newHeader), production)).toEqual(
      expect.arrayContaining(['/api/identity: response header Cross-Origin-Resource-Policy differs or is missing']),
    );
    const newLocation = nginxConf.replace(
      '        location = /healthz {',
      '        location = /robots.txt {\n            return 200 "";\n        }\n\n        location = /healthz {',
    );
    expect(edgeDifferences(parseNginxEdge(newLocation), production)).toEqual([
      'nginx serves `location = /robots.txt`, which the Ingress does not route',
    ]);
  });
});
