// Delivery policy shared by both bus implementations (internal to events/).
import type { DomainEvent, EventLogger, SubscribeOptions } from './types';

export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS: readonly number[] = [200, 1000, 5000];
export const DEFAULT_DEDUPE_WINDOW_MS = 120_000;

export interface DeliveryPolicy {
  durable: string;
  subjects: string[];
  maxDeliver: number;
  backoffMs: readonly number[];
  onDeadLetter: ((event: DomainEvent, error: unknown) => void | Promise<void>) | undefined;
}

const DURABLE_RE = /^[A-Za-z0-9_-]+$/;
const SUBJECT_RE = /^[a-z][a-z0-9-]*(\.[A-Za-z0-9_-]+)+$/;

export function resolvePolicy(options: SubscribeOptions): DeliveryPolicy {
  const { durable, subjects } = options;
  if (!DURABLE_RE.test(durable)) {
    throw new Error(`durable "${durable}" may only contain letters, digits, "-" and "_"`);
  }
  if (subjects.length === 0) throw new Error(`subscription "${durable}" has no subjects`);
  for (const subject of subjects) assertSubject(subject);
  const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1) {
    throw new Error(`maxDeliver must be a positive integer, got ${maxDeliver}`);
  }
  const backoffMs = options.backoffMs?.length ? options.backoffMs : DEFAULT_BACKOFF_MS;
  return { durable, subjects: [...new Set(subjects)], maxDeliver, backoffMs, onDeadLetter: options.onDeadLetter };
}

/** Exact subjects only: services publish and subscribe concrete, versioned subjects. */
export function assertSubject(subject: string): void {
  if (!SUBJECT_RE.test(subject)) throw new Error(`invalid event subject "${subject}"`);
}

/**
 * True when a failed delivery should be dead-lettered now: the attempts are used up, or the
 * handler said retrying cannot help (an error with `permanent: true`, e.g. a malformed payload).
 */
export function shouldDeadLetter(error: unknown, attempt: number, maxDeliver: number): boolean {
  return attempt >= maxDeliver || (error as { permanent?: unknown } | null)?.permanent === true;
}

/** Delay before redelivering after `attempt` (1-based) failed; the last backoff value repeats. */
export function redeliveryDelay(backoffMs: readonly number[], attempt: number): number {
  return backoffMs[Math.min(attempt, backoffMs.length) - 1] ?? 0;
}

export async function notifyDeadLetter(
  policy: DeliveryPolicy,
  event: DomainEvent,
  error: unknown,
  logger: EventLogger,
): Promise<void> {
  if (!policy.onDeadLetter) return;
  try {
    await policy.onDeadLetter(event, error);
  } catch (err) {
    logger.error({ err, durable: policy.durable, subject: event.subject }, 'onDeadLetter callback failed');
  }
}

export const silentLogger: EventLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
