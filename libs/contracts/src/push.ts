import { APNS_TOKEN, PUSH_AUTH, PUSH_ENDPOINT_MAX_LENGTH, PUSH_P256DH } from '@vere/domain';
import { Type, type Static } from 'typebox';
import { SingleLine } from './text';

/*
 * Push subscriptions (issue 25, part A; decision 0053). The iOS wrapper calls the ios routes with
 * the APNs device token Capacitor's push plugin hands it; browsers call the web routes with their
 * PushSubscription.toJSON().
 */

/** GET /api/identity/push/vapid-public-key: the application server key a browser subscribes with. */
export const VapidPublicKeySchema = Type.Object({
  /** The uncompressed P-256 public key, base64url. */
  publicKey: Type.String(),
});
export type VapidPublicKey = Static<typeof VapidPublicKeySchema>;

/** POST /api/identity/me/push/web: PushSubscription.toJSON() (expirationTime and anything else ignored). */
export const WebPushSubscribeBodySchema = Type.Object({
  endpoint: SingleLine(PUSH_ENDPOINT_MAX_LENGTH, { minLength: 1 }),
  keys: Type.Object({
    p256dh: Type.String({
      pattern: PUSH_P256DH.source,
      maxLength: 87,
      examples: ['BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'],
    }),
    auth: Type.String({ pattern: PUSH_AUTH.source, maxLength: 22, examples: ['tBHItJI5svbpez7KI4CCXg'] }),
  }),
});
export type WebPushSubscribeBody = Static<typeof WebPushSubscribeBodySchema>;

/** DELETE /api/identity/me/push/web. */
export const WebPushUnsubscribeBodySchema = Type.Object(
  { endpoint: SingleLine(PUSH_ENDPOINT_MAX_LENGTH, { minLength: 1 }) },
  { additionalProperties: false },
);
export type WebPushUnsubscribeBody = Static<typeof WebPushUnsubscribeBodySchema>;

/** POST and DELETE /api/identity/me/push/ios: the APNs device token, hex. */
export const IosPushTokenBodySchema = Type.Object(
  { token: Type.String({ pattern: APNS_TOKEN.source, maxLength: 200 }) },
  { additionalProperties: false },
);
export type IosPushTokenBody = Static<typeof IosPushTokenBodySchema>;

/** "Your data": one device, without its keys (they are the browser's secret, not the user's data). */
export const PushDeviceSchema = Type.Object({
  platform: Type.Union([Type.Literal('web'), Type.Literal('ios')]),
  /** A web endpoint's origin (the push service), or the last 8 characters of an iOS token. */
  device: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PushDevice = Static<typeof PushDeviceSchema>;
