import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { IdentityDeps } from '../use-cases/deps';
import { sendWeeklyMailsNow } from '../use-cases/mail-digest';
import { checkUnsubscribeLink, MAIL_KIND_LABEL, unsubscribeByLink } from '../use-cases/unsubscribe';

/*
 * The link in every scheduled mail (RFC 8058; decision 0043), without a session. GET answers a page
 * with one button, and changes nothing (mail scanners and link previews follow GETs); POST — the
 * button, or the mail provider's one-click `List-Unsubscribe=One-Click` — turns that kind's e-mail off.
 */

const TokenQuery = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }) },
  { additionalProperties: false },
);

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Vere</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:Canvas;color:CanvasText}
main{max-width:26rem;padding:2rem 1.5rem;line-height:1.5}
h1{font-size:1.5rem;margin:0 0 .75rem}
button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:.75rem;border:0;background:#5b3fd6;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
a{color:#4a32b8}
@media (prefers-color-scheme:dark){a{color:#b9a8ff}}
.brand{font-weight:800;letter-spacing:.02em;color:#5b3fd6;margin:0 0 1.5rem}
@media (prefers-color-scheme:dark){.brand{color:#b9a8ff}}
</style></head><body><main><p class="brand">Vere</p>${body}</main></body></html>`;
}

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .send(page(title, body));
}

const brokenLink = (reply: FastifyReply, appUrl: string) =>
  sendPage(
    reply,
    400,
    'This link does not work',
    `<h1>This link does not work</h1><p>It was changed on the way, or it is too old. You can turn any e-mail off in <a href="${escapeHtml(
      appUrl,
    )}/settings">Settings › Notifications</a>.</p>`,
  );

const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);

export async function unsubscribeRoutes(
  app: ServiceApp,
  opts: {
    deps: IdentityDeps;
    /** Development only (mail kept for /dev/mail): a route that mails this week's mails now. */
    devMail?: { pool: () => Parameters<typeof sendWeeklyMailsNow>[0] };
  },
): Promise<void> {
  const { deps } = opts;
  const devMail = opts.devMail;
  if (devMail) {
    // The weekly mails wait for the user's Sunday; on this machine they can be seen now.
    app.post(
      '/api/identity/dev/mail/weekly',
      { onRequest: app.authenticate, schema: { hide: true } },
      async (request) => {
        if (!isLoopback(request.ip))
          throw new AppError('NOT_FOUND', `Route POST ${request.url.split('?')[0]} not found`);
        return { sent: await sendWeeklyMailsNow(devMail.pool(), deps.mail, request.userId, new Date()) };
      },
    );
  }
  // One-click bodies are `List-Unsubscribe=One-Click`, form-encoded or multipart (RFC 8058 §3.1).
  // The token in the URL is the authority; the body is read and not needed.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));

  const schema = {
    tags: ['notifications'],
    querystring: TokenQuery,
    response: { 400: { $ref: 'ErrorBody#' } },
  };

  app.get(
    '/api/identity/mail/unsubscribe',
    { schema: { ...schema, summary: 'The unsubscribe page of a mail link (changes nothing; a button POSTs)' } },
    async (request, reply) => {
      let label: string;
      try {
        label = MAIL_KIND_LABEL[(await checkUnsubscribeLink(deps, request.query.token)).kind];
      } catch (err) {
        if (err instanceof AppError && err.code === 'UNSUBSCRIBE_LINK_INVALID')
          return brokenLink(reply, deps.mail.appUrl());
        throw err;
      }
      const action = `/api/identity/mail/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return sendPage(
        reply,
        200,
        'Unsubscribe',
        `<h1>Stop ${escapeHtml(label)}?</h1><p>One click and it stops. Your other notifications stay as they are, and you can turn it back on any time in Settings.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/api/identity/mail/unsubscribe',
    {
      schema: { ...schema, summary: 'One-click unsubscribe (RFC 8058): turns that mailed kind off, no session' },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      try {
        const { kind } = await unsubscribeByLink(deps, request.query.token);
        if (!wantsHtml(request)) return { unsubscribed: true, kind };
        return sendPage(
          reply,
          200,
          'Unsubscribed',
          `<h1>Done: no more ${escapeHtml(MAIL_KIND_LABEL[kind].replace(/^the /, ''))}</h1><p>Changed your mind? Switch it back on in <a href="${escapeHtml(
            deps.mail.appUrl(),
          )}/settings">Settings › Notifications</a>.</p>`,
        );
      } catch (err) {
        if (wantsHtml(request) && err instanceof AppError && err.code === 'UNSUBSCRIBE_LINK_INVALID')
          return brokenLink(reply, deps.mail.appUrl());
        throw err;
      }
    },
  );
}
