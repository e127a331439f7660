// Delivery policy shared by both bus implementations (internal to events/).
import type { DomainEvent, EventLogger, SubscribeOptions } from './types';

/** Attempts for a handler error that is neither transient nor permanent (≈7 min of back-off). */
export const DEFAULT_MAX_DELIVER = 20;
/** Redelivery delays: doubling from 200 ms to a 30 s cap (the last value repeats). */
export const DEFAULT_BACKOFF_MS: readonly number[] = [200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000];
export const DEFAULT_DEDUPE_WINDOW_MS = 120_000;
/** A handler still running after this long counts as a failed attempt. */
export const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;

export interface DeliveryPolicy {
  durable: string;
  subjects: string[];
  maxDeliver: number;
  backoffMs: readonly number[];
  handlerTimeoutMs: number;
  /** Handlers of one subject this process runs at once (its share of the partitions). */
  maxInFlight: number;
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
  const handlerTimeoutMs = options.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS;
  if (!(handlerTimeoutMs > 0)) throw new Error(`handlerTimeoutMs must be positive, got ${handlerTimeoutMs}`);
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
    throw new Error(`maxInFlight must be a positive integer, got ${maxInFlight}`);
  }
  return {
    durable,
    subjects: [...new Set(subjects)],
    maxDeliver,
    backoffMs,
    handlerTimeoutMs,
    maxInFlight,
    onDeadLetter: options.onDeadLetter,
  };
}

/** Exact subjects only: services publish and subscribe concrete, versioned subjects. */
export function assertSubject(subject: string): void {
  if (!SUBJECT_RE.test(subject)) throw new Error(`invalid event subject "${subject}"`);
}

/**
 * What a failed delivery means:
 * - `permanent`: retrying cannot help (the payload breaks its contract, or the handler threw an
 *   error with `permanent: true`) → dead-letter at once;
 * - `transient`: the handler could not reach something it needs (lost database connection,
 *   connection refused/reset, pool exhausted) → redeliver with back-off for as long as it takes,
 *   never dead-letter: an outage of minutes must not turn every event in flight into a dead letter;
 * - `failure`: anything else (a bug, a time-out) → redeliver up to `maxDeliver` attempts.
 */
export type FailureKind = 'permanent' | 'transient' | 'failure';

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  // PostgreSQL: admin/crash shutdown, cannot connect now, too many connections, serialization
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '40P01',
  // Prisma: cannot reach / timed out / server closed the connection / pool time-out
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
]);
const TRANSIENT_MESSAGE =
  /connection terminated|connection (?:is )?closed|can't reach database|econnrefused|econnreset|timeout exceeded when trying to connect|server closed the connection|connection refused|terminating connection/i;

export function classifyFailure(error: unknown): FailureKind {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const err = e as { permanent?: unknown; code?: unknown; message?: unknown; kind?: unknown; originalCode?: unknown };
    if (err.permanent === true) return 'permanent';
    for (const code of [err.code, err.originalCode]) {
      if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return 'transient';
    }
    if (typeof err.message === 'string' && TRANSIENT_MESSAGE.test(err.message)) return 'transient';
  }
  return 'failure';
}

/** True when a failed delivery should be dead-lettered now (see FailureKind). */
export function shouldDeadLetter(error: unknown, attempt: number, maxDeliver: number): boolean {
  const kind = classifyFailure(error);
  return kind === 'permanent' || (kind === 'failure' && attempt >= maxDeliver);
}

/** A handler that neither resolved nor rejected within its time-out. */
export class HandlerTimeoutError extends Error {
  override name = 'HandlerTimeoutError';
}

/** Runs a handler, rejecting with HandlerTimeoutError if it has not settled after `ms`. */
export async function withHandlerTimeout<T>(run: () => Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HandlerTimeoutError(`${what} did not finish within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
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

/**
 * Handlers of one durable and subject this process runs at once (decision 0057): a replica works at
 * most this many of the subject's `EVENT_PARTITIONS` partitions at a time, so a second replica adds
 * as many again.
 */
export const DEFAULT_MAX_IN_FLIGHT = 8;

/** A counting semaphore: `acquire()` waits for a free slot (first come, first served). */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Slots taken right now. */
  get used(): number {
    return this.size - this.free;
  }

  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
