import type { BillingDeps } from './use-cases/deps';
import { sweepExpiredEntitlements } from './use-cases/expiry-sweep';
import { cancelStripeSubscriptionsOfDeletedAccounts } from './use-cases/stripe-cancellations';
import { applyWebhookEvent } from './use-cases/webhook-events';

const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_RETRY_MS = 5 * 60_000;
/** Stripe retries an event for up to 3 days, RevenueCat for less: ids are kept well beyond that. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Processes stored webhook events after the endpoint has answered 2xx (kicked at once, polled every
 * second for anything a crash left), retrying a failed one with back-off; sweeps entitlements that
 * reached their end with no webhook to say so (a grant's --until, a grace period), so their
 * billing.entitlement.changed.v1 goes out; and cancels at Stripe the subscriptions of deleted accounts. Any number of replicas: rows are leased, changes per-user locked.
 */
export class WebhookWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  private lastPrune = 0;

  constructor(
    private readonly deps: BillingDeps,
    private readonly pollIntervalMs = 1_000,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /**
   * One pass: every due event, then the expiry sweep, and (every 10 minutes, or when `forcePrune`)
   * forgetting old processed event ids. Returns how many events were processed.
   */
  async runOnce(forcePrune = false): Promise<number> {
    const { deps } = this;
    let processed = 0;
    for (;;) {
      const rows = await deps.webhookEvents.claim(deps.db, BATCH, LEASE_MS);
      for (const row of rows) {
        try {
          await applyWebhookEvent(deps, row.provider, row.payload);
          await deps.webhookEvents.markProcessed(deps.db, row.provider, row.eventId);
          processed += 1;
        } catch (err) {
          const retryInMs = Math.min(1_000 * 2 ** (row.attempts - 1), MAX_RETRY_MS);
          deps.logger.warn(
            { err, provider: row.provider, eventId: row.eventId, type: row.type, attempts: row.attempts, retryInMs },
            'webhook event failed; will retry',
          );
          await deps.webhookEvents.markFailed(
            deps.db,
            row.provider,
            row.eventId,
            err instanceof Error ? err.message : String(err),
            new Date(Date.now() + retryInMs),
          );
        }
      }
      if (rows.length < BATCH) break;
    }
    await sweepExpiredEntitlements(deps, deps.now());
    await cancelStripeSubscriptionsOfDeletedAccounts(deps);
    if (forcePrune || Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await deps.webhookEvents.deleteProcessedBefore(deps.db, new Date(Date.now() - WEBHOOK_EVENT_RETENTION_MS));
    }
    return processed;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      try {
        await this.runOnce();
      } catch (err) {
        this.deps.logger.warn({ err }, 'webhook worker pass failed; trying again shortly');
      }
      if (this.kicked || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.wake = undefined;
          resolve();
        }, this.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
        };
      });
    }
  }
}
