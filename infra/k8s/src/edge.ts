// The edge as an Ingress (ingress-nginx): the routes, body limits, timeouts and response headers of
// infra/docker/nginx.conf's `location ^~ /api/` block. Everything that is not an API path goes to
// the `web` deployable (the vere/edge image), whose own nginx serves the shell with its
// Content-Security-Policy, cache headers and client-route fallback, and answers any other `/api/…`
// with the JSON 404 — exactly as in compose. test/compose.test.ts compares both files.
import { SERVICE_NAMES, type ServiceName } from './topology';

/** nginx.conf `client_max_body_size 1m` (server level; JSON APIs). */
export const API_BODY_LIMIT = '1m';

/** API paths that differ from "/api/<service>/… to that service, unchanged". */
export interface ExactApiRoute {
  path: string;
  service: ServiceName;
  /** The path the service receives, when the edge rewrites it. */
  rewriteTo?: string;
  /** client_max_body_size of that location. */
  bodyLimit: string;
  why: string;
}

export const EXACT_API_ROUTES: ExactApiRoute[] = [
  {
    path: '/api/quests/me/photos',
    service: 'quests',
    // The photo's 10 MiB plus 64 KiB of multipart framing; quests answers PHOTO_TOO_LARGE inside it.
    bodyLimit: '10304k',
    why: 'proof photo uploads',
  },
  {
    path: '/api/auth/reset-password',
    service: 'identity',
    rewriteTo: '/api/identity/auth/reset-password',
    bodyLimit: API_BODY_LIMIT,
    why: 'the reset screen of spec §7 posts here',
  },
];

/** `/api/<service>` prefixes (nginx: `^/api/(identity|quests|pods|billing)(?:/|$)`). */
export const API_PREFIX_ROUTES = SERVICE_NAMES.map((service) => ({ path: `/api/${service}`, service }));

/** nginx.conf's proxy_*_timeout in the /api/ block, in seconds. */
export const API_TIMEOUTS = { connect: 5, read: 60, send: 60 };

/**
 * The response headers nginx.conf adds to every /api/ answer (the app's CSP is left to each
 * service there too): the one that acts on a JSON answer the service's own policy does not cover
 * (decisions 0066, 0074). Set per Ingress by
 * `nginx.ingress.kubernetes.io/custom-headers`, which needs the names in the controller's
 * `global-allowed-response-headers` (ingressNginxValues below).
 */
export const API_RESPONSE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Values for the ingress-nginx controller's Helm chart (`controller.config` is its ConfigMap): the
 * header allow-list, and the nginx.conf choices that are controller-wide — the client's address in
 * X-Forwarded-For is the socket's (a client-sent one is overwritten: services trust one hop,
 * TRUST_PROXY=1), a request id is kept or minted (X-Request-ID), no server tokens, gzip of
 * proxied JSON. Snippet annotations stay off. `externalTrafficPolicy: Local` keeps the client's
 * address through the cloud load balancer, so that socket address is the client's (identity's
 * per-IP sign-in limit). HSTS is the controller's default on a TLS host.
 */
export function ingressNginxValues() {
  return {
    controller: {
      allowSnippetAnnotations: false,
      service: { externalTrafficPolicy: 'Local' },
      config: {
        'global-allowed-response-headers': Object.keys(API_RESPONSE_HEADERS).join(','),
        'use-forwarded-headers': 'false',
        'compute-full-forwarded-for': 'false',
        'generate-request-id': 'true',
        'server-tokens': 'false',
        'use-gzip': 'true',
        'gzip-level': '5',
        'gzip-min-length': '256',
        'gzip-types':
          'text/plain text/css application/javascript text/javascript application/json application/manifest+json image/svg+xml application/wasm',
      },
    },
  };
}
