import { createServer } from 'node:net';
import { startOidcTestProvider, type OidcTestProvider } from '@vere/test-kit';

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
}

/** The OpenID provider standing in for Google, and the origin the stack must answer at. */
export type GoogleStandIn = OidcTestProvider & { appUrl: string };

/** A free port on 127.0.0.1, known before the stack starts: the provider must list the redirect URI. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.2 — another site than the app on 127.0.0.1, as
 * Google is — that sends `client`'s users back to a stack still to start at `appUrl`.
 */
export async function startGoogleStandIn(client: GoogleClient): Promise<GoogleStandIn> {
  const appUrl = `http://127.0.0.1:${await freePort()}`;
  const op = await startOidcTestProvider({
    ...client,
    host: '127.0.0.2',
    redirectUris: [`${appUrl}/api/identity/auth/google/callback`],
  });
  return Object.assign(op, { appUrl });
}

/** The stack's environment for Google sign-in through `op`, on the origin the provider expects. */
export function googleStackEnv(op: GoogleStandIn, client: GoogleClient): Record<string, string> {
  return {
    PORT: new URL(op.appUrl).port,
    APP_URL: op.appUrl,
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_ISSUER: op.issuer,
  };
}
