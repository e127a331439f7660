import {
  AuthSessionSchema,
  ForgotPasswordAnswerSchema,
  ForgotPasswordBodySchema,
  MeSchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
} from '@vere/contracts';
import { AppError, IOS_APP_ORIGIN, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { KeptMail } from '../mail';
import { getAccount, signIn, signUp, toUserBody } from '../use-cases/accounts';
import type { IdentityDeps } from '../use-cases/deps';
import { requestPasswordReset, resetPassword } from '../use-cases/password-reset';
import { endSession, rotateSession, startSession, type IssuedSession } from '../use-cases/sessions';

export const REFRESH_COOKIE = 'vere_refresh';
/** The cookie only ever travels to the auth endpoints that need it. */
export const REFRESH_COOKIE_PATH = '/api/identity/auth';

const errors = {
  400: { $ref: 'ErrorBody#' },
  401: { $ref: 'ErrorBody#' },
  403: { $ref: 'ErrorBody#' },
  409: { $ref: 'ErrorBody#' },
  429: { $ref: 'ErrorBody#' },
};

export interface AuthRoutesOptions {
  deps: IdentityDeps;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
  /** The app's public origin (APP_URL): a browser request carrying the session cookie must come from it (or from the Host it was sent to). */
  appUrl: () => string;
  /** Development only (no SMTP, not production): the mail kept instead of sent, for /dev/mail (loopback clients only). */
  devMail?: () => KeptMail[];
}

/** Bodies an HTML form (or a CORS-simple fetch) can send to another origin without asking it first. */
const FORM_BODY_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Whether a request that reads or sets the session cookie comes from the app itself. The cookie is
 * SameSite=Strict, but a sibling subdomain is the same site: it could post a form (text/plain) to
 * sign-out or refresh with the cookie attached. Browsers send `Origin` with every POST, so it must
 * be the app's own (APP_URL, or the scheme and Host the request came to). Without `Origin` the
 * caller is not a browser — or a very old one, whose form bodies are refused by type.
 */
export function fromOwnOrigin(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin;
  // The iOS app's web view (URL.origin reads a custom scheme as 'null'). Only a web view inside an
  // app has this origin, and another app's web view has its own cookie store, never Vere's cookie.
  if (origin === IOS_APP_ORIGIN) return true;
  if (origin === undefined) {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    return !FORM_BODY_TYPES.has(type);
  }
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const given = originOf(origin);
  if (!given || given === 'null') return false;
  return given === originOf(appUrl) || given === originOf(`${request.protocol}://${request.host}`);
}

/** Loopback: a client on this machine (IPv4 127/8, ::1, or IPv4 loopback mapped into IPv6). */
const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);

/** The session's refresh cookie, the same for every way of signing in (password, Google). */
export function setRefreshCookie(reply: FastifyReply, issued: IssuedSession, secure: boolean): void {
  // Absent for a concurrent refresh: that tab keeps the successor cookie the winning request set.
  if (!issued.refreshToken) return;
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    expires: issued.refreshExpiresAt,
  });
}

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, a reset link is on its way.';

export async function authRoutes(app: ServiceApp, opts: AuthRoutesOptions): Promise<void> {
  const { deps } = opts;
  const limited = { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: 60_000 } };
  // Every route that reads or sets the session cookie (CSRF), before its body is even read.
  const sameOrigin = async (request: FastifyRequest) => {
    if (!fromOwnOrigin(request, opts.appUrl()))
      throw new AppError('FORBIDDEN', 'This request must come from the Vere app.');
  };

  const answer = async (reply: FastifyReply, issued: IssuedSession, status: 200 | 201) => {
    const user = await getAccount(deps, issued.userId);
    setRefreshCookie(reply, issued, opts.cookieSecure);
    return reply
      .status(status)
      .send({ accessToken: issued.accessToken, expiresIn: issued.expiresIn, user: toUserBody(user) });
  };

  app.post(
    '/api/identity/auth/sign-up',
    {
      onRequest: sameOrigin,
      config: limited,
      schema: { tags: ['auth'], body: SignUpBodySchema, response: { 201: AuthSessionSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await signUp(deps, request.body);
      return answer(reply, await startSession(deps, user.id), 201);
    },
  );

  app.post(
    '/api/identity/auth/sign-in',
    {
      onRequest: sameOrigin,
      config: limited,
      schema: { tags: ['auth'], body: SignInBodySchema, response: { 200: AuthSessionSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await signIn(deps, request.body.email, request.body.password);
      return answer(reply, await startSession(deps, user.id), 200);
    },
  );

  app.post(
    '/api/identity/auth/refresh',
    {
      onRequest: sameOrigin,
      schema: { tags: ['auth'], response: { 200: AuthSessionSchema, 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      // A visitor who never signed in has no cookie: nothing to refresh is not an error (no 401 in
      // the console of every signed-out page). A cookie that is present but dead is one.
      if (request.cookies[REFRESH_COOKIE] === undefined) return reply.status(204).send(null);
      try {
        return await answer(reply, await rotateSession(deps, request.cookies[REFRESH_COOKIE]), 200);
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
        throw err;
      }
    },
  );

  app.post(
    '/api/identity/auth/sign-out',
    {
      onRequest: sameOrigin,
      schema: { tags: ['auth'], response: { 204: Type.Null(), 403: { $ref: 'ErrorBody#' } } },
    },
    async (request, reply) => {
      await endSession(deps, request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/identity/auth/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: ForgotPasswordBodySchema,
        response: { 202: ForgotPasswordAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  // The spec's reset screen posts to /api/auth/reset-password; the edge forwards that path here.
  app.post(
    '/api/identity/auth/reset-password',
    {
      config: limited,
      schema: { tags: ['auth'], body: ResetPasswordBodySchema, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body.token, request.body.newPassword);
      return reply.status(204).send(null);
    },
  );

  const devMail = opts.devMail;
  if (devMail) {
    // It lists live reset links: for the person at this machine only (request.ip is the client the
    // edge saw, through X-Forwarded-For from a trusted proxy), never for the network.
    app.get('/api/identity/dev/mail', { schema: { hide: true } }, async (request) => {
      if (!isLoopback(request.ip)) throw new AppError('NOT_FOUND', `Route GET ${request.url.split('?')[0]} not found`);
      return { messages: devMail() };
    });
  }

  app.get(
    '/api/identity/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        response: { 200: MeSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => ({ user: toUserBody(await getAccount(deps, request.userId)) }),
  );
}
