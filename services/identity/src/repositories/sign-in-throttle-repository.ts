import type { PrismaClient } from '../generated/prisma/client';

/** Failed sign-ins per account key in a fixed window (data access only; rules in use-cases/accounts.ts). */
export interface SignInThrottleRepository {
  /** Failures counted in the window still open for this key (0 when none, or the window has passed). */
  current(accountKey: string, windowMs: number): Promise<{ failures: number; windowEndsAt: Date } | null>;
  /** Counts one failure, starting a new window if the last one has passed. One atomic statement. */
  recordFailure(accountKey: string, windowMs: number): Promise<void>;
  clear(accountKey: string): Promise<void>;
}

export function createSignInThrottleRepository(prisma: PrismaClient): SignInThrottleRepository {
  return {
    async current(accountKey, windowMs) {
      const row = await prisma.signInThrottle.findUnique({ where: { accountKey } });
      if (!row) return null;
      const windowEndsAt = new Date(row.windowStartedAt.getTime() + windowMs);
      return windowEndsAt > new Date() ? { failures: row.failures, windowEndsAt } : null;
    },
    async recordFailure(accountKey, windowMs) {
      await prisma.$executeRaw`
        INSERT INTO "identity"."sign_in_throttle" ("account_key", "window_started_at", "failures") VALUES (${accountKey}, now(), 1)
        ON CONFLICT ("account_key") DO UPDATE SET
          "failures" = CASE WHEN "sign_in_throttle"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                            THEN 1 ELSE "sign_in_throttle"."failures" + 1 END,
          "window_started_at" = CASE WHEN "sign_in_throttle"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                                     THEN now() ELSE "sign_in_throttle"."window_started_at" END`;
    },
    async clear(accountKey) {
      await prisma.signInThrottle.deleteMany({ where: { accountKey } });
    },
  };
}
