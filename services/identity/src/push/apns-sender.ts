import apn from '@parse/node-apn';
import type { PushMessage } from '@vere/domain';
import type { ApnsConfig } from '../config';
import type { PushOutcome, PushSender, PushTarget } from './types';

/** APNs reasons that mean the token will never work again: forget the device. */
const GONE = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic']);

/**
 * Pushes to the iOS wrapper through APNs' HTTP/2 API with `@parse/node-apn` (token authentication:
 * an ES256 JWT from the .p8 key, renewed by the library). 410 Unregistered (or a token APNs calls
 * bad) removes the device; 429, 5xx and connection failures are retried; any other refusal is
 * dropped. The payload carries the same `route` and `type` as a web push, so the wrapper's tap
 * handler (shell notifications.ts) routes it the same way.
 */
export function apnsSender(config: ApnsConfig): PushSender {
  const provider = new apn.Provider({
    token: { key: config.key, keyId: config.keyId, teamId: config.teamId },
    production: config.production,
    ...(config.gateway
      ? {
          // The URL node-apn connects to and the TLS port are separate options: both name the port.
          address: `${config.gateway.host}:${config.gateway.port}`,
          port: config.gateway.port,
          ...(config.gateway.ca ? { ca: [config.gateway.ca] } : {}),
        }
      : {}),
    requestTimeout: 10_000,
  });
  return {
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      const note = new apn.Notification();
      note.topic = config.topic;
      note.alert = { title: message.title, body: message.body };
      note.sound = 'default';
      note.threadId = message.type;
      note.collapseId = message.id;
      note.expiry = Math.floor(Date.now() / 1000) + 86_400;
      note.priority = message.kind === 'streak_at_risk' ? 10 : 5;
      note.pushType = 'alert';
      note.payload = { id: message.id, kind: message.kind, route: message.route, type: message.type };
      const result = await provider.send(note, target.endpoint);
      if (result.sent.length > 0) return 'sent';
      const failure = result.failed[0];
      if (!failure || failure.error) return 'retry';
      if (failure.status === 410 || GONE.has(failure.response?.reason ?? '')) return 'gone';
      if (failure.status === 429 || (failure.status ?? 500) >= 500) return 'retry';
      return 'dropped';
    },
    close: () => provider.shutdown(),
  };
}
