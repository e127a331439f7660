import { createServer, type Server } from 'node:http';
import Provider, { type ClaimsParameterMember, type FindAccount } from 'oidc-provider';

/** What the provider says about one of its users (in the ID token). */
export interface OidcTestAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcTestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Loopback address to listen on, and the issuer's host. Another one than the app's (127.0.0.2
   * against 127.0.0.1) makes the provider another site, as Google is: cookies see cross-site redirects. */
  host?: string;
}

export interface OidcTestProvider {
  /** `http://<host>:<port>`: discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** A user who can sign in at the provider's login form with `login` (any password). */
  addAccount(login: string, account: OidcTestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, certified) on loopback, for tests of a relying party:
 * one confidential client (`client_secret_post`, PKCE required), its development login and
 * consent forms, and accounts the test adds. Claims go into the ID token, as Google does.
 */
export async function startOidcTestProvider(opts: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  const server: Server = createServer();
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://${host}:${port}`;

  const findAccount: FindAccount = (_ctx, id) => {
    const account = accounts.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      claims: (_use: string, _scope: string, _claims?: { [key: string]: ClaimsParameterMember | null }) => ({
        sub: id,
        ...account,
      }),
    };
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['vere-oidc-test-provider'] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    addAccount: (login, account) => {
      accounts.set(login, account);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
