import { escapeHtml, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  LOCAL_CHECKOUT_PATH,
  LOCAL_PORTAL_PATH,
  type LocalStripe,
  type LocalSubscription,
} from '../stripe/local-gateway';

const Params = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,80}$' }) });
const PortalAction = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,80}$' }),
  subscription: Type.String({ pattern: '^[A-Za-z0-9_-]{8,80}$' }),
  action: Type.Union([Type.Literal('cancel'), Type.Literal('resume'), Type.Literal('advance')]),
});

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Local mode's stand-ins for Stripe's hosted pages (no keys: the embedded default). Plain HTML forms,
 * clearly labelled, reached through links Checkout and the portal return like Stripe's. What they
 * change reaches the entitlement only as signed webhooks to the real endpoint (see LocalStripe).
 */
export async function localStripeRoutes(app: ServiceApp, opts: { local: LocalStripe }): Promise<void> {
  // Forms post url-encoded bodies; nothing in them is read (the session id in the path is the capability).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get(`${LOCAL_CHECKOUT_PATH}/:id`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const session = await opts.local.checkoutSession(request.params.id);
    if (!session) return page(reply.status(404), 'Checkout not found', '<p>This checkout link is not valid.</p>');
    if (session.status === 'complete') return reply.redirect(successUrl(session.success_url, session.id), 303);
    return page(
      reply,
      'Test checkout — no card is charged',
      `
      <p class="badge">Local test mode · no Stripe keys configured</p>
      <section class="card">
        <p class="eyebrow">Subscribe to</p>
        <h2>Vere Pro</h2>
        <p class="price"><strong>$0.99</strong> per month</p>
        <p class="muted">Renews monthly until cancelled. This page stands in for Stripe Checkout: no card is asked for and nothing is charged.</p>
        <form method="post" action="${LOCAL_CHECKOUT_PATH}/${escapeHtml(session.id)}/complete">
          <button type="submit">Subscribe</button>
        </form>
        <a class="secondary" href="${escapeHtml(session.cancel_url)}">Back to Vere</a>
      </section>`,
    );
  });

  app.post(
    `${LOCAL_CHECKOUT_PATH}/:id/complete`,
    { schema: { hide: true, params: Params } },
    async (request, reply) => {
      const session = await opts.local.completeCheckout(request.params.id);
      if (!session) return page(reply.status(404), 'Checkout not found', '<p>This checkout link is not valid.</p>');
      return reply.redirect(successUrl(session.success_url, session.id), 303);
    },
  );

  app.get(`${LOCAL_PORTAL_PATH}/:id`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const portal = await opts.local.portalSession(request.params.id);
    if (!portal) return page(reply.status(404), 'Portal not found', '<p>This link is not valid.</p>');
    const subscriptions = await opts.local.subscriptionsOf(portal.customer);
    const rows = subscriptions.map((s) => subscriptionCard(portal.id, s)).join('\n') || '<p>No subscriptions.</p>';
    return page(
      reply,
      'Test billing portal — no card is charged',
      `
      <p class="badge">Local test mode · no Stripe keys configured</p>
      ${rows}
      <a class="secondary" href="${escapeHtml(portal.return_url)}">Return to Vere</a>`,
    );
  });

  app.post(
    `${LOCAL_PORTAL_PATH}/:id/:subscription/:action`,
    { schema: { hide: true, params: PortalAction } },
    async (request, reply) => {
      const { id, subscription, action } = request.params;
      const portal = await opts.local.portalSession(id);
      const owned = portal && (await opts.local.subscriptionsOf(portal.customer)).some((s) => s.id === subscription);
      if (!portal || !owned) return page(reply.status(404), 'Not found', '<p>This link is not valid.</p>');
      if (action === 'advance') await opts.local.advanceToPeriodEnd(subscription);
      else await opts.local.cancelAtPeriodEnd(subscription, action === 'cancel');
      return reply.redirect(`${LOCAL_PORTAL_PATH}/${id}`, 303);
    },
  );
}

function successUrl(template: string, sessionId: string): string {
  return template.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
}

function subscriptionCard(portalId: string, s: LocalSubscription): string {
  const item = s.items.data[0]!;
  const action = (name: string, label: string, cls = '') =>
    `<form method="post" action="${LOCAL_PORTAL_PATH}/${escapeHtml(portalId)}/${escapeHtml(s.id)}/${name}"><button type="submit" class="${cls}">${label}</button></form>`;
  const status =
    s.status === 'canceled'
      ? `Ended on ${dateOf(s.ended_at ?? item.current_period_end)}`
      : s.cancel_at_period_end
        ? `Cancelled — Pro until ${dateOf(item.current_period_end)}`
        : `Active — renews on ${dateOf(item.current_period_end)}`;
  const buttons =
    s.status === 'canceled'
      ? ''
      : [
          s.cancel_at_period_end
            ? action('resume', 'Resume subscription')
            : action('cancel', 'Cancel subscription', 'danger'),
          action('advance', 'Test clock: jump to the end of this period', 'ghost'),
        ].join('');
  return `<section class="card" data-subscription="${escapeHtml(s.id)}"><p class="eyebrow">Vere Pro · $0.99 per month</p>
    <h2 data-testid="local-subscription-status">${escapeHtml(status)}</h2>${buttons}</section>`;
}

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Vere</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:480px;margin:0 auto;padding:2rem 1rem;background:#0d0a1a;color:#f6f4ff}
h1{font-size:1.4rem;margin:0 0 1rem}h2{margin:.25rem 0;font-size:1.2rem}.badge{display:inline-block;background:#ffd23f;color:#1b1530;font-weight:700;border-radius:999px;padding:.25rem .75rem;font-size:.85rem}
.card{border:1px solid #3a3360;border-radius:16px;padding:1.25rem;margin:1rem 0;background:#17132b}.eyebrow{color:#b9b2d9;margin:0;font-size:.85rem;text-transform:uppercase;letter-spacing:.05em}
.price{font-size:1.1rem}.muted{color:#b9b2d9}button{width:100%;font:inherit;font-weight:700;border:0;border-radius:12px;padding:.8rem;margin:.4rem 0;background:#8b5cf6;color:#fff;cursor:pointer}
button.danger{background:#e5484d}button.ghost{background:transparent;border:1px dashed #6b63a0;color:#d8d2f5;font-weight:500}a.secondary{display:block;text-align:center;color:#ffd23f;margin-top:.75rem}
button:focus-visible,a:focus-visible{outline:3px solid #ffd23f;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}
