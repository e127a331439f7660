import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../repositories/db';
import type { LocalStripeObjectsRepository } from '../repositories/local-stripe-objects-repository';
import type { StripeSubscriptionLike } from '../use-cases/entitlement-rules';
import { verifyStripeSignature, type StripeGateway } from './gateway';

export const LOCAL_PRICE_ID = 'price_local_vere_pro_monthly';
export const LOCAL_CHECKOUT_PATH = '/api/billing/local/checkout';
export const LOCAL_PORTAL_PATH = '/api/billing/local/portal';

const id = (prefix: string) => `${prefix}_local_${randomBytes(18).toString('base64url')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One month later on the calendar (spec §9: renewal one month after the start). */
function oneMonthAfter(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export interface LocalCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete';
  customer: string;
  client_reference_id: string;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
}

export interface LocalPortalSession {
  id: string;
  customer: string;
  return_url: string;
}

export type LocalSubscription = StripeSubscriptionLike & {
  object: 'subscription';
  customer: string;
  created: number;
  canceled_at: number | null;
};

/** Sends a signed webhook to billing's own Stripe endpoint (the same route Stripe calls). */
export type WebhookDelivery = (payload: string, signature: string) => Promise<void>;

/**
 * Local mode (no Stripe keys): stands in for Stripe's API and its hosted pages. Its objects are
 * Stripe-shaped rows in `local_stripe_object`; every change is announced as a Stripe-format event,
 * signed with the local endpoint secret and posted to POST /api/billing/webhooks/stripe, so the
 * entitlement changes through exactly the code path real Stripe drives.
 */
export class LocalStripe implements StripeGateway {
  readonly mode = 'local' as const;
  readonly priceId = LOCAL_PRICE_ID;
  private readonly signer = new Stripe('sk_test_local_mode_no_network');
  private readonly webhookSecret = `whsec_local_${randomBytes(24).toString('base64url')}`;
  private deliver: WebhookDelivery | undefined;

  constructor(
    private readonly db: Db,
    private readonly objects: LocalStripeObjectsRepository,
  ) {}

  /** Wired once the webhook route exists. */
  deliverWith(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  verify(rawBody: Buffer, signature: string | string[] | undefined) {
    return verifyStripeSignature(this.signer, rawBody, signature, this.webhookSecret);
  }

  async createCustomer(userId: string): Promise<string> {
    const customer = { id: id('cus'), object: 'customer', metadata: { userId }, created: nowSeconds() };
    await this.save(customer.id, 'customer', customer);
    return customer.id;
  }

  async createCheckoutSession(r: { customerId: string; userId: string; successUrl: string; cancelUrl: string }) {
    const sessionId = id('cs');
    const session: LocalCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: r.customerId,
      client_reference_id: r.userId,
      subscription: null,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      url: `${LOCAL_CHECKOUT_PATH}/${sessionId}`,
      created: nowSeconds(),
    };
    await this.save(sessionId, 'checkout.session', session);
    return { id: sessionId, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const session: LocalPortalSession = { id: id('bps'), customer: customerId, return_url: returnUrl };
    await this.save(session.id, 'billing_portal.session', session);
    return { url: `${LOCAL_PORTAL_PATH}/${session.id}` };
  }

  async retrieveSubscription(subscriptionId: string): Promise<StripeSubscriptionLike> {
    const sub = await this.load<LocalSubscription>(subscriptionId, 'subscription');
    if (!sub) throw new Error(`No such subscription: ${subscriptionId}`);
    return sub;
  }

  checkoutSession(sessionId: string) {
    return this.load<LocalCheckoutSession>(sessionId, 'checkout.session');
  }

  portalSession(sessionId: string) {
    return this.load<LocalPortalSession>(sessionId, 'billing_portal.session');
  }

  async subscriptionsOf(customerId: string): Promise<LocalSubscription[]> {
    return (await this.objects.subscriptionsOf(this.db, customerId)) as LocalSubscription[];
  }

  /** "Subscribe" on the local checkout page: the subscription starts now, paid, renewing in a month. */
  async completeCheckout(sessionId: string): Promise<LocalCheckoutSession | null> {
    const session = await this.checkoutSession(sessionId);
    if (!session) return null;
    if (session.status === 'complete') return session;
    const start = nowSeconds();
    const sub: LocalSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      metadata: { userId: session.client_reference_id },
      items: {
        data: [
          { current_period_start: start, current_period_end: oneMonthAfter(start), price: { id: LOCAL_PRICE_ID } },
        ],
      },
    };
    const completed: LocalCheckoutSession = { ...session, status: 'complete', subscription: sub.id };
    await this.save(sub.id, 'subscription', sub);
    await this.save(session.id, 'checkout.session', completed);
    // Stripe's order for a new subscription; billing does not depend on it.
    await this.emit('customer.subscription.created', sub);
    await this.emit('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      parent: { subscription_details: { subscription: sub.id } },
    });
    await this.emit('checkout.session.completed', completed);
    return completed;
  }

  /** Cancels now (a deleted account's subscription), as Stripe's DELETE /v1/subscriptions/:id does. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    const sub = await this.load<LocalSubscription>(subscriptionId, 'subscription');
    if (!sub || sub.status === 'canceled') return;
    await this.update(
      subscriptionId,
      (s) => ({ ...s, status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() }),
      'customer.subscription.deleted',
    );
  }

  /** The local portal's "Cancel subscription": ends at the period end, as Stripe's portal does by default. */
  async cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.update(
      subscriptionId,
      (sub) => ({ ...sub, cancel_at_period_end: cancel, canceled_at: cancel ? nowSeconds() : null }),
      'customer.subscription.updated',
    );
  }

  /**
   * The local portal's test clock (as Stripe's test clocks do): time jumps to the end of the current
   * period. A subscription cancelled at period end ends; a renewing one renews for another month.
   */
  async advanceToPeriodEnd(subscriptionId: string): Promise<void> {
    const sub = await this.load<LocalSubscription>(subscriptionId, 'subscription');
    if (!sub || sub.status === 'canceled') return;
    const item = sub.items.data[0]!;
    if (sub.cancel_at_period_end) {
      await this.update(
        subscriptionId,
        (s) => ({ ...s, status: 'canceled', ended_at: item.current_period_end }),
        'customer.subscription.deleted',
      );
      return;
    }
    const next = {
      ...item,
      current_period_start: item.current_period_end,
      current_period_end: oneMonthAfter(item.current_period_end),
    };
    await this.update(subscriptionId, (s) => ({ ...s, items: { data: [next] } }), 'customer.subscription.updated');
    await this.emit('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      parent: { subscription_details: { subscription: sub.id } },
    });
  }

  private async update(subscriptionId: string, change: (s: LocalSubscription) => LocalSubscription, eventType: string) {
    const sub = await this.load<LocalSubscription>(subscriptionId, 'subscription');
    if (!sub) return;
    const next = change(sub);
    await this.save(sub.id, 'subscription', next);
    await this.emit(eventType, next);
  }

  private async emit(type: string, object: object): Promise<void> {
    if (!this.deliver) throw new Error('Local Stripe has no webhook endpoint to deliver to');
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      created: nowSeconds(),
      livemode: false,
      api_version: null,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    await this.deliver(payload, signature);
  }

  private save(objectId: string, type: string, data: object) {
    return this.objects.save(this.db, objectId, type, data);
  }

  private async load<T>(objectId: string, type: string): Promise<T | null> {
    const row = await this.objects.find(this.db, objectId);
    return row && row.type === type ? (row.data as T) : null;
  }
}
