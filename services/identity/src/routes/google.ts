import {
  AuthProvidersSchema,
  GoogleCallbackQuerySchema,
  GoogleStartQuerySchema,
  type OidcCallbackError,
} from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../use-cases/deps';
import { OidcSignInError, finishGoogleSignIn, beginGoogleSignIn } from '../use-cases/google-sign-in';
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
}

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
    return reply.redirect(`${CALLBACK_SCREEN}?error=${code}`, 302);
  };

  app.get(
    '/api/identity/auth/google/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts Google sign-in: redirects to the provider',
        querystring: GoogleStartQuerySchema,
        response: { 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      try {
        const { state, authorizationUrl } = await beginGoogleSignIn(deps, google, request.query.redirect);
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
        const { user, returnTo } = await finishGoogleSignIn(deps, google, {
          query,
          cookieState: request.cookies[OIDC_STATE_COOKIE],
        });
        opts.setRefreshCookie(reply, await startSession(deps, user.id));
        reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_STATE_COOKIE_PATH });
        const next = returnTo === '/' ? '' : `?redirect=${encodeURIComponent(returnTo)}`;
        return reply.redirect(`${CALLBACK_SCREEN}${next}`, 302);
      } catch (err) {
        return fail(request, reply, err instanceof OidcSignInError ? err.code : 'INTERNAL', err);
      }
    },
  );
}
