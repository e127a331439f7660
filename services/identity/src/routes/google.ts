import {
  AuthSessionSchema,
  AuthProvidersSchema,
  GoogleCallbackQuerySchema,
  GoogleCodeExchangeBodySchema,
  GoogleStartQuerySchema,
  type OidcCallbackError,
} from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../use-cases/deps';
import { getAccount, toUserBody } from '../use-cases/accounts';
import {
  OidcSignInError,
  allowedAppRedirect,
  beginGoogleSignIn,
  exchangeAppCode,
  finishGoogleSignIn,
  issueAppCode,
} from '../use-cases/google-sign-in';
import { startSession, type IssuedSession } from '../use-cases/sessions';

/** Holds the state of a started sign-in, only on its way back to identity's callback. */
export const OIDC_STATE_COOKIE = 'vere_oidc_state';
export const OIDC_STATE_COOKIE_PATH = '/api/identity/auth/google';
/** The app's screen that finishes a sign-in (spec §2). */
export const CALLBACK_SCREEN = '/auth/callback';

export interface GoogleRoutesOptions {
  /** Without `deps.google` (no Google client id configured) `providers` says so and start answers 404. */
  deps: IdentityDeps;
  cookieSecure: boolean;
  /** Sets the refresh cookie exactly as password sign-in does. */
  setRefreshCookie(reply: FastifyReply, issued: IssuedSession): void;
  /** The session-cookie routes' CSRF check (auth.ts fromOwnOrigin): the code exchange sets that cookie. */
  sameOrigin(request: FastifyRequest): Promise<void>;
}

/** `vere://auth/callback` + `?code=…&redirect=…`: the app's return target with its parameters. */
const withParams = (target: string, params: Record<string, string>) =>
  `${target}?${new URLSearchParams(params).toString()}`;

export async function googleRoutes(app: ServiceApp, opts: GoogleRoutesOptions): Promise<void> {
  const { deps } = opts;
  const { google } = deps;

  app.get(
    '/api/identity/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in providers this deployment offers',
        response: { 200: AuthProvidersSchema },
      },
    },
    async () => ({ google: google !== undefined }),
  );

  const notConfigured = () => new AppError('PROVIDER_NOT_CONFIGURED', 'Google sign-in is not available.');
  const fail = (request: FastifyRequest, reply: FastifyReply, code: OidcCallbackError, err: unknown) => {
    request.log[code === 'INTERNAL' || code === 'PROVIDER_UNAVAILABLE' ? 'error' : 'info'](
      { err },
      `Google sign-in failed: ${code}`,
    );
    reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_STATE_COOKIE_PATH });
    const appRedirect = err instanceof OidcSignInError ? err.appRedirect : null;
    return reply.redirect(
      appRedirect ? withParams(appRedirect, { error: code }) : `${CALLBACK_SCREEN}?error=${code}`,
      302,
    );
  };

  app.get(
    '/api/identity/auth/google/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts Google sign-in: redirects to the provider',
        querystring: GoogleStartQuerySchema,
        response: { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      // Refused (400), never redirected to: only an allowed app may receive a one-time code.
      const appRedirect = allowedAppRedirect(google, request.query.app_redirect);
      try {
        const { state, authorizationUrl } = await beginGoogleSignIn(deps, google, request.query.redirect, appRedirect);
        // Lax, not Strict: the provider's redirect back to the callback is a cross-site navigation,
        // which carries Lax cookies (top-level GET) and never Strict ones.
        reply.setCookie(OIDC_STATE_COOKIE, state, {
          path: OIDC_STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.cookieSecure,
          maxAge: Math.floor(google.attemptTtlMs / 1000),
        });
        return reply.redirect(authorizationUrl, 302);
      } catch (err) {
        return fail(request, reply, err instanceof OidcSignInError ? err.code : 'INTERNAL', err);
      }
    },
  );

  app.get(
    '/api/identity/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "The provider returns here; redirects to the app's /auth/callback",
        querystring: GoogleCallbackQuerySchema,
        response: { 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      try {
        const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
        const { user, returnTo, appRedirect } = await finishGoogleSignIn(deps, google, {
          query,
          cookieState: request.cookies[OIDC_STATE_COOKIE],
        });
        reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_STATE_COOKIE_PATH });
        if (appRedirect) {
          // The app: no cookie (this is the system browser's jar), a one-time code it exchanges.
          const code = await issueAppCode(deps, google, user.id);
          return reply.redirect(
            withParams(appRedirect, { code, ...(returnTo === '/' ? {} : { redirect: returnTo }) }),
            302,
          );
        }
        opts.setRefreshCookie(reply, await startSession(deps, user.id));
        const next = returnTo === '/' ? '' : `?redirect=${encodeURIComponent(returnTo)}`;
        return reply.redirect(`${CALLBACK_SCREEN}${next}`, 302);
      } catch (err) {
        return fail(request, reply, err instanceof OidcSignInError ? err.code : 'INTERNAL', err);
      }
    },
  );

  app.post(
    '/api/identity/auth/google/exchange',
    {
      onRequest: opts.sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'The iOS app trades the one-time code from its vere:// return for a session (once)',
        body: GoogleCodeExchangeBodySchema,
        response: {
          200: AuthSessionSchema,
          400: { $ref: 'ErrorBody#' },
          403: { $ref: 'ErrorBody#' },
          404: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const userId = await exchangeAppCode(deps, google, request.body.code);
      const issued = await startSession(deps, userId);
      const user = await getAccount(deps, userId);
      // As a password sign-in answers the app (decision 0059): the token in the body, the refresh
      // cookie into the app's own cookie store (this call goes through the native HTTP stack).
      opts.setRefreshCookie(reply, issued);
      return reply.send({ accessToken: issued.accessToken, expiresIn: issued.expiresIn, user: toUserBody(user) });
    },
  );
}
