/**
 * Push notifications (issue 25, part A; decision 0053): what a device subscription may look like,
 * how many a user keeps, when a push waits for quiet hours to end, and what a tap opens (spec §2).
 */
import { clockMinutes, inQuietHours, type NotificationKind, type QuietHours } from './notifications';

/** Where a push goes: a browser (Web Push, VAPID) or the iOS wrapper (APNs device token). */
export const PUSH_PLATFORMS = ['web', 'ios'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** A push service URL is short (FCM, Mozilla, Apple web push: under 500); this leaves room and no more. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** The browser's P-256 public key: 65 bytes, uncompressed, base64url without padding. */
export const PUSH_P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** The browser's authentication secret: 16 bytes, base64url without padding. */
export const PUSH_AUTH = /^[A-Za-z0-9_-]{22}$/;
/** An APNs device token: hex, 32 bytes today; Apple says not to assume the length, so up to 100 bytes. */
export const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;
/** Devices one account keeps; subscribing one more forgets the oldest. */
export const PUSH_DEVICES_PER_USER = 10;

/**
 * Whether `raw` is an endpoint a subscription may name: https with a host and no credentials. Push
 * services are https by the standard (RFC 8030), and the sender (`web-push`) speaks nothing else;
 * a test's stand-in on this machine is https too, with its own certificate.
 */
export function isPushEndpoint(raw: string): boolean {
  if (raw.length > PUSH_ENDPOINT_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
}

/**
 * Minutes a push made at local minute-of-day `minute` waits: until the quiet window ends when it
 * falls inside it, else 0. A streak warning never waits: the scheduler already placed it before the
 * window (decision 0042), and deferring it could let the streak break.
 */
export function pushDeferralMinutes(kind: NotificationKind, quiet: QuietHours, minute: number): number {
  if (kind === 'streak_at_risk' || !inQuietHours(quiet, minute)) return 0;
  return (clockMinutes(quiet.end) - minute + 1440) % 1440;
}

/** The tap target a push carries (spec §2: challenge → /challenges, pod → the pod page). */
export type PushTapType = 'challenge' | 'pod' | 'friend';

export function pushTapType(kind: NotificationKind): PushTapType {
  switch (kind) {
    case 'challenge_reminder':
    case 'streak_at_risk':
    case 'weekly_announcement':
      return 'challenge';
    case 'pod_activity':
      return 'pod';
    case 'friend_request':
    case 'friend_accepted':
    case 'chat_message':
      return 'friend';
  }
}

/** What every push carries (the Web Push payload, and the APNs payload's custom keys). */
export interface PushMessage {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The in-app path the tap opens (notificationRoute: `/pods/<id>` for a pod activity). */
  route: string;
  type: PushTapType;
}
