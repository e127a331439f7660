import * as oidc from 'openid-client';

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Seconds for each call to the provider (discovery, token, keys). */
  timeoutSeconds?: number;
}

/** The provider as a confidential client sees it: discovered once, then reused. */
export interface OidcClient {
  config(): Promise<oidc.Configuration>;
}

/** Plain HTTP only for a provider on this machine (tests, the local stack); anything else must be HTTPS. */
export function isLoopbackHttp(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    (['localhost', '[::1]'].includes(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname))
  );
}

/**
 * Discovery happens on the first sign-in, not at start-up, so identity starts while the provider
 * is unreachable; a failed discovery is retried by the next sign-in.
 */
export function createOidcClient(opts: OidcClientOptions): OidcClient {
  const issuer = new URL(opts.issuer);
  let discovered: Promise<oidc.Configuration> | undefined;
  return {
    config() {
      discovered ??= oidc
        .discovery(issuer, opts.clientId, undefined, oidc.ClientSecretPost(opts.clientSecret), {
          timeout: opts.timeoutSeconds ?? 10,
          ...(isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((err: unknown) => {
          discovered = undefined;
          throw err;
        });
      return discovered;
    },
  };
}
