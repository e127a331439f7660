import type { Agent } from 'node:https';
import type { PushMessage } from '@vere/domain';
import webpush, { WebPushError } from 'web-push';
import type { PushOutcome, PushSender, PushTarget } from './types';

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point browsers subscribe with. */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or an https URL the push service can reach the sender at (RFC 8292). */
  subject: string;
}

export interface WebPushOptions {
  vapid: VapidKeys;
  /** An https agent (tests: one that trusts the stand-in's certificate). */
  agent?: Agent;
  /** How long the push service keeps an undelivered push. A reminder a day late is noise. */
  ttlSeconds?: number;
  timeoutMs?: number;
}

/**
 * Standard Web Push through `web-push`: the payload encrypted for the browser (RFC 8291,
 * aes128gcm) and the request signed with the VAPID key (RFC 8292). The push service's answer
 * decides the outcome: 404/410 the subscription is gone (RFC 8030 §7.3); 429 and 5xx and network
 * failures are worth another try; other 4xx (a payload or key the service refuses) are dropped.
 */
export function webPushSender(options: WebPushOptions): PushSender {
  return {
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      if (!target.p256dh || !target.auth) return 'gone';
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: options.vapid,
            TTL: options.ttlSeconds ?? 86_400,
            urgency: message.kind === 'streak_at_risk' ? 'high' : 'normal',
            contentEncoding: 'aes128gcm',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (err) {
        if (!(err instanceof WebPushError)) return 'retry';
        if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
        if (err.statusCode === 429 || err.statusCode >= 500) return 'retry';
        return 'dropped';
      }
    },
  };
}

export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
