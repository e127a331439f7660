import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OidcCallbackError } from '@vere/contracts';
import { normalizeEmail, validateEmail, validateName } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import * as oidc from 'openid-client';
import { IdentityLinkedError } from '../repositories/external-identities-repository';
import type { ExternalIdentityRef, User } from '../repositories/users-repository';
import { createAccount, tidyName } from './accounts';
import type { GoogleSignInSettings, IdentityDeps } from './deps';
import { endAllSessions } from './sessions';

export const GOOGLE = 'google';
/** How long a started sign-in may take at the provider. */
export const DEFAULT_ATTEMPT_TTL_MS = 10 * 60_000;
/** How long the iOS app has to exchange the one-time code in its redirect (decision 0015). */
export const DEFAULT_APP_CODE_TTL_MS = 60_000;
/** The iOS app's return target, the only one allowed unless GOOGLE_NATIVE_REDIRECTS says otherwise. */
export const DEFAULT_NATIVE_REDIRECTS = ['vere://auth/callback'] as const;

/** A sign-in that did not finish, with the stable code the callback screen shows a message for. */
export class OidcSignInError extends Error {
  override name = 'OidcSignInError';
  constructor(
    readonly code: OidcCallbackError,
    message: string,
    options?: { cause?: unknown; appRedirect?: string | null },
  ) {
    super(message, options);
    this.appRedirect = options?.appRedirect ?? null;
  }
  /** Set once the attempt is known to be the app's: the error goes back to the app, not the web. */
  readonly appRedirect: string | null;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Only same-app paths, never back into the auth screens, never another origin (`//host`, `/\host`). */
export function safeReturnPath(raw: string | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\s\\]/.test(raw)) return '/';
  if (raw === '/auth' || raw.startsWith('/auth?') || raw.startsWith('/auth/')) return '/';
  return raw;
}

/**
 * The app's return target, exactly as allowed (GOOGLE_NATIVE_REDIRECTS), or null for the web. Any
 * other value is refused, never redirected to: a code must only ever reach Vere's own app.
 */
export function allowedAppRedirect(google: GoogleSignInSettings, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!google.nativeRedirects.includes(raw)) {
    throw new AppError('REDIRECT_NOT_ALLOWED', 'This return address is not allowed.');
  }
  return raw;
}

/**
 * Starts a sign-in: a fresh state, nonce and PKCE verifier, kept server side under the state's
 * hash until the callback. Resolves the state (for the browser's cookie) and the provider's URL.
 * `appRedirect` (checked by allowedAppRedirect) makes the callback answer the app with a one-time code.
 */
export async function beginGoogleSignIn(
  deps: IdentityDeps,
  google: GoogleSignInSettings,
  redirect: string | undefined,
  appRedirect: string | null = null,
) {
  let config: oidc.Configuration;
  try {
    config = await google.client.config();
  } catch (err) {
    throw new OidcSignInError('PROVIDER_UNAVAILABLE', 'provider discovery failed', { cause: err });
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = new Date();
  await deps.transaction(async (tx) => {
    // Expired attempts go as new ones come, so the table stays small.
    await deps.attempts.deleteExpired(tx, now);
    await deps.attempts.create(tx, {
      stateHash: sha256(state),
      provider: GOOGLE,
      nonce,
      codeVerifier,
      returnTo: safeReturnPath(redirect),
      appRedirect,
      expiresAt: new Date(now.getTime() + google.attemptTtlMs),
    });
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: google.redirectUri(),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { state, authorizationUrl: url.href };
}

const sameState = (a: string, b: string) => {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
};

/**
 * Finishes a sign-in on identity's callback: the state must be the one this browser started (its
 * cookie) and unused; openid-client exchanges the code with the PKCE verifier and checks the ID
 * token (signature, iss, aud, exp, nonce). Resolves the account and where to return.
 */
export async function finishGoogleSignIn(
  deps: IdentityDeps,
  google: GoogleSignInSettings,
  input: { query: URLSearchParams; cookieState: string | undefined },
): Promise<{ user: User; returnTo: string; appRedirect: string | null }> {
  const state = input.query.get('state');
  if (!state || !input.cookieState || !sameState(state, input.cookieState)) {
    throw new OidcSignInError('STATE_INVALID', 'the state is missing or is not the one this browser started');
  }
  const attempt = await deps.attempts.take(deps.db, sha256(state));
  if (!attempt || attempt.provider !== GOOGLE || attempt.expiresAt.getTime() <= Date.now()) {
    throw new OidcSignInError('STATE_INVALID', 'no usable sign-in for this state (unknown, used or expired)');
  }
  try {
    const user = await signInFromCallback(deps, google, input.query, state, attempt);
    return { user, returnTo: attempt.returnTo, appRedirect: attempt.appRedirect };
  } catch (err) {
    // The app's attempt: its error goes back to the app (the code, never a provider's text).
    if (attempt.appRedirect === null) throw err;
    const oidcError =
      err instanceof OidcSignInError ? err : new OidcSignInError('INTERNAL', 'sign-in failed', { cause: err });
    throw new OidcSignInError(oidcError.code, oidcError.message, { cause: err, appRedirect: attempt.appRedirect });
  }
}

async function signInFromCallback(
  deps: IdentityDeps,
  google: GoogleSignInSettings,
  query: URLSearchParams,
  state: string,
  attempt: { codeVerifier: string; nonce: string },
): Promise<User> {
  let config: oidc.Configuration;
  try {
    config = await google.client.config();
  } catch (err) {
    throw new OidcSignInError('PROVIDER_UNAVAILABLE', 'provider discovery failed', { cause: err });
  }

  const callbackUrl = new URL(google.redirectUri());
  callbackUrl.search = query.toString();
  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (err) {
    if (err instanceof oidc.AuthorizationResponseError) {
      throw new OidcSignInError(
        err.error === 'access_denied' ? 'ACCESS_DENIED' : 'EXCHANGE_FAILED',
        `provider answered ${err.error}`,
        { cause: err },
      );
    }
    if (err instanceof TypeError && !(err instanceof oidc.ClientError)) {
      throw new OidcSignInError('PROVIDER_UNAVAILABLE', 'provider unreachable', { cause: err });
    }
    throw new OidcSignInError('EXCHANGE_FAILED', 'code exchange or ID token checks failed', { cause: err });
  }
  return accountFor(deps, claims);
}

/**
 * The iOS app's half of a finished sign-in (decision 0015): a random one-time code, stored only as
 * its SHA-256, that works once and for `appCodeTtlMs`. The system browser the sign-in ran in keeps
 * its cookies to itself, so the code in the `vere://` redirect is what carries the session across.
 */
export async function issueAppCode(deps: IdentityDeps, google: GoogleSignInSettings, userId: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = google.now();
  await deps.transaction(async (tx) => {
    // Unexchanged codes go as new ones come, so the table stays small.
    await deps.appCodes.deleteExpired(tx, now);
    await deps.appCodes.create(tx, {
      codeHash: sha256(code),
      userId,
      expiresAt: new Date(now.getTime() + google.appCodeTtlMs),
    });
  });
  return code;
}

const codeInvalid = () =>
  new AppError('SIGN_IN_CODE_INVALID', 'This sign-in link has expired or was already used. Please sign in again.');

/**
 * Takes a one-time code: resolves the account it signs in to, once. Unknown (forged), used and
 * expired codes are all refused the same way; the row is deleted as it is read, so of two parallel
 * exchanges exactly one wins.
 */
export async function exchangeAppCode(deps: IdentityDeps, google: GoogleSignInSettings, code: string): Promise<string> {
  const taken = await deps.appCodes.take(deps.db, sha256(code));
  if (!taken || taken.expiresAt.getTime() <= google.now().getTime()) throw codeInvalid();
  return taken.userId;
}

/**
 * The account an ID token signs in to:
 * 1. the one this Google account (`sub`) is linked to;
 * 2. else the account with the same address, which Google vouches for (`email_verified`): linked,
 *    taking it over — its password and sessions end, because Vere never checked that whoever set
 *    that password owns the address (decision 0015, pre-account-takeover);
 * 3. else a new account: the name from the token, a generated username, no password.
 */
async function accountFor(deps: IdentityDeps, claims: oidc.IDToken): Promise<User> {
  const subject = claims.sub;
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (claims.email_verified !== true || !validateEmail(email).ok) {
    throw new OidcSignInError('EMAIL_NOT_VERIFIED', 'the provider does not vouch for an e-mail address');
  }
  const identity = { provider: GOOGLE, subject, email };
  for (let attempt = 1; ; attempt += 1) {
    const linked = await deps.identities.findUser(deps.db, GOOGLE, subject);
    if (linked) return linked;
    try {
      const existing = await deps.users.findByEmail(deps.db, email);
      if (existing) {
        await linkTakingOver(deps, existing.id, identity);
        return (await deps.users.findById(deps.db, existing.id)) ?? existing;
      }
      return await createAccount(deps, {
        email,
        name: nameFrom(claims as Record<string, unknown>),
        username: null,
        passwordHash: null,
        avatarConfig: null,
        identity,
      });
    } catch (err) {
      // A concurrent callback for the same person linked or created it first: look again, once.
      const raced = err instanceof IdentityLinkedError || (err instanceof AppError && err.code === 'EMAIL_TAKEN');
      if (!raced || attempt === 2) throw err;
    }
  }
}

/**
 * In one transaction: links the identity to the account, removes the account's password, and ends
 * its sessions and unused reset links (accountFor says why). Rejects with IdentityLinkedError when
 * the identity is linked already.
 */
async function linkTakingOver(deps: IdentityDeps, userId: string, identity: ExternalIdentityRef): Promise<void> {
  await deps.transaction(async (tx) => {
    const now = new Date();
    await deps.identities.link(tx, userId, identity);
    await deps.users.setPasswordHash(tx, userId, null);
    await endAllSessions(deps, tx, userId, now);
    await deps.resets.endUnused(tx, userId, now);
  });
}

/** The token's name as Vere's name rules allow it (letters, spaces, hyphens, 2–40), else "User". */
export function nameFrom(claims: Record<string, unknown>): string {
  for (const raw of [claims.name, claims.given_name]) {
    if (typeof raw !== 'string') continue;
    const name = tidyName(raw.replace(/[^\p{L}\p{M} -]/gu, ' '))
      .slice(0, 40)
      .trim();
    if (validateName(name).ok) return name;
  }
  return 'User';
}
