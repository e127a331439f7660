import type { Db } from './db';

/** Failed sign-ins per account key in a fixed window (data access only; rules in use-cases/accounts.ts). */
export interface SignInThrottleRepository {
  /** The key's count and when its window started, if it has one. */
  find(db: Db, accountKey: string): Promise<{ failures: number; windowStartedAt: Date } | null>;
  /** Counts one failure, starting a new window if the last one (`windowMs` long) has passed. One atomic statement. */
  recordFailure(db: Db, accountKey: string, windowMs: number): Promise<void>;
  clear(db: Db, accountKey: string): Promise<void>;
}

export function createSignInThrottleRepository(): SignInThrottleRepository {
  return {
    find: (db, accountKey) =>
      db.signInThrottle.findUnique({ where: { accountKey }, select: { failures: true, windowStartedAt: true } }),
    async recordFailure(db, accountKey, windowMs) {
      await db.$executeRaw`
        INSERT INTO "identity"."sign_in_throttle" ("account_key", "window_started_at", "failures") VALUES (${accountKey}, now(), 1)
        ON CONFLICT ("account_key") DO UPDATE SET
          "failures" = CASE WHEN "sign_in_throttle"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                            THEN 1 ELSE "sign_in_throttle"."failures" + 1 END,
          "window_started_at" = CASE WHEN "sign_in_throttle"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                                     THEN now() ELSE "sign_in_throttle"."window_started_at" END`;
    },
    async clear(db, accountKey) {
      await db.signInThrottle.deleteMany({ where: { accountKey } });
    },
  };
}
