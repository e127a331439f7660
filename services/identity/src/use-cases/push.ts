import type { IosPushTokenBody, PushDevice, WebPushSubscribeBody } from '@vere/contracts';
import { isPushEndpoint, localClock, pushDeferralMinutes, pushTapType } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { ClaimedPush, PushSubscription } from '../repositories/push-repository';
import type { PushOutcome } from '../push/types';
import type { IdentityDeps } from './deps';

/*
 * Push (issue 25, part A; decision 0053): the devices a user registers, and the dispatcher that
 * sends the pushes the `notification` trigger queued.
 */

type PushDeps = Pick<IdentityDeps, 'db' | 'transaction' | 'push' | 'pushChannels' | 'logger'>;

export const vapidPublicKey = (deps: Pick<IdentityDeps, 'pushChannels'>) => ({
  publicKey: deps.pushChannels.vapidPublicKey,
});

/** POST /me/push/web: idempotent; the same endpoint again updates its keys. */
export async function subscribeWebPush(deps: PushDeps, userId: string, body: WebPushSubscribeBody): Promise<void> {
  if (!isPushEndpoint(body.endpoint)) {
    throw new AppError('VALIDATION_FAILED', 'A push subscription needs an https endpoint.', 'endpoint');
  }
  await subscribe(deps, userId, { platform: 'web', endpoint: body.endpoint, ...body.keys });
}

/** POST /me/push/ios: the APNs device token the iOS wrapper registered (stored lower-case). */
export async function subscribeIosPush(deps: PushDeps, userId: string, body: IosPushTokenBody): Promise<void> {
  await subscribe(deps, userId, { platform: 'ios', endpoint: body.token.toLowerCase() });
}

async function subscribe(
  deps: PushDeps,
  userId: string,
  device: Parameters<PushDeps['push']['subscribe']>[2],
): Promise<void> {
  const known = await deps.transaction(async (tx) => {
    if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) return false;
    await deps.push.subscribe(tx, userId, device, new Date());
    return true;
  });
  if (!known) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
}

export async function unsubscribeWebPush(deps: PushDeps, userId: string, endpoint: string): Promise<void> {
  await deps.push.unsubscribe(deps.db, userId, 'web', endpoint);
}

export async function unsubscribeIosPush(deps: PushDeps, userId: string, token: string): Promise<void> {
  await deps.push.unsubscribe(deps.db, userId, 'ios', token.toLowerCase());
}

/** "Your data": the devices, without their keys. */
export function toPushDevice(s: PushSubscription): PushDevice {
  return {
    platform: s.platform as PushDevice['platform'],
    device: s.platform === 'web' ? new URL(s.endpoint).origin : `…${s.endpoint.slice(-8)}`,
    createdAt: s.createdAt.toISOString(),
    lastSentAt: s.lastSentAt?.toISOString() ?? null,
  };
}

/** Pushes claimed per round, and how long a claim holds them (longer than a send's time-out). */
export const PUSH_BATCH = 100;
export const PUSH_LEASE_MS = 60_000;
/** Attempts before a push is given up; back-off between them doubles from 30 s. */
export const PUSH_MAX_ATTEMPTS = 5;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 30 * 60_000);

export interface DispatchResult {
  sent: number;
  /** Devices deleted because their push service said they are gone. */
  removed: number;
  /** Held until quiet hours end. */
  deferred: number;
  /** Dropped, or given up after the last attempt. */
  dropped: number;
  retried: number;
}

/**
 * Sends every due push, a batch at a time, until none is due. Safe to run on every replica at
 * once: a claimed push is leased to one dispatcher (decision 0053).
 */
export async function dispatchPushes(deps: PushDeps, now: Date): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, removed: 0, deferred: 0, dropped: 0, retried: 0 };
  for (;;) {
    const claimed = await deps.push.claim(deps.db, now, PUSH_LEASE_MS, PUSH_BATCH);
    if (claimed.length === 0) return result;
    await Promise.all(claimed.map((push) => deliver(deps, push, now, result)));
    if (claimed.length < PUSH_BATCH) return result;
  }
}

async function deliver(deps: PushDeps, push: ClaimedPush, now: Date, result: DispatchResult): Promise<void> {
  // Checked at send time: the channel may have been turned off since the push was queued.
  if (!push.pushOn) {
    await deps.push.finish(deps.db, push, null);
    result.dropped += 1;
    return;
  }
  const quiet = { enabled: push.quietEnabled, start: push.quietStart, end: push.quietEnd };
  const wait = pushDeferralMinutes(push.kind, quiet, localClock(now, push.timeZone).minute);
  if (wait > 0) {
    await deps.push.retryAt(deps.db, push, new Date(now.getTime() + wait * 60_000), false);
    result.deferred += 1;
    return;
  }
  const sender = push.platform === 'ios' ? deps.pushChannels.ios : deps.pushChannels.web;
  let outcome: PushOutcome = 'dropped';
  if (sender) {
    outcome = await sender
      .send(push, {
        id: push.notificationId,
        kind: push.kind,
        title: push.title,
        body: push.body,
        route: push.route,
        type: pushTapType(push.kind),
      })
      .catch((err: unknown) => {
        deps.logger.warn({ err, platform: push.platform }, 'push: sender failed');
        return 'retry' as const;
      });
  }
  if (outcome === 'retry' && push.attempts < PUSH_MAX_ATTEMPTS) {
    await deps.push.retryAt(deps.db, push, new Date(now.getTime() + backoffMs(push.attempts)), true);
    result.retried += 1;
    return;
  }
  if (outcome === 'gone') {
    await deps.push.remove(deps.db, push.subscriptionId);
    result.removed += 1;
    return;
  }
  await deps.push.finish(deps.db, push, outcome === 'sent' ? now : null);
  if (outcome === 'sent') {
    result.sent += 1;
    return;
  }
  result.dropped += 1;
  deps.logger.warn(
    { platform: push.platform, kind: push.kind, attempts: push.attempts, outcome, configured: !!sender },
    'push: not delivered; given up',
  );
}
