import type { PushMessage } from '@vere/domain';

/**
 * What a push service said about one push: delivered; the device is gone for good (delete it);
 * not deliverable and not worth retrying (dropped, the device kept); or try again later.
 */
export type PushOutcome = 'sent' | 'gone' | 'dropped' | 'retry';

/** One device as a sender needs it. */
export interface PushTarget {
  /** Web: the push service URL. iOS: the APNs device token (hex). */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/** A channel's sender (web push, APNs): one push to one device. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
  close?(): Promise<void> | void;
}
