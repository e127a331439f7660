import { randomUUID } from 'node:crypto';
import type { Db } from './db';

/** Data access for password-reset links: no rules here (see use-cases/password-reset.ts). */
export interface PasswordResetsRepository {
  create(tx: Db, link: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void>;
  /** Marks every unused link of the user used at `now`: none of them works any more. */
  endUnused(tx: Db, userId: string, now: Date): Promise<void>;
  /**
   * Marks the unused link with this hash that is still valid at `now` used, and resolves its user id;
   * null when there is none (unknown, used, expired). One conditional UPDATE: of two concurrent
   * requests only one claims the row.
   */
  claim(tx: Db, tokenHash: string, now: Date): Promise<string | null>;
  /**
   * Counts one reset mail for the user and answers how many its current window now holds; a window
   * older than `windowMs` starts again at 1. One atomic statement: concurrent requests each see their own count.
   */
  countMail(tx: Db, userId: string, windowMs: number): Promise<number>;
}

export function createPasswordResetsRepository(): PasswordResetsRepository {
  return {
    async create(tx, { userId, tokenHash, expiresAt }) {
      await tx.passwordResetToken.create({ data: { id: randomUUID(), userId, tokenHash, expiresAt } });
    },
    async endUnused(tx, userId, now) {
      await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    },
    async claim(tx, tokenHash, now) {
      const claimed = await tx.passwordResetToken.updateManyAndReturn({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
        select: { userId: true },
      });
      return claimed[0]?.userId ?? null;
    },
    async countMail(tx, userId, windowMs) {
      const [row] = await tx.$queryRaw<{ mails: number }[]>`
        INSERT INTO "identity"."password_reset_mail_count" ("user_id", "window_started_at", "mails") VALUES (${userId}::uuid, now(), 1)
        ON CONFLICT ("user_id") DO UPDATE SET
          "mails" = CASE WHEN "password_reset_mail_count"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                         THEN 1 ELSE "password_reset_mail_count"."mails" + 1 END,
          "window_started_at" = CASE WHEN "password_reset_mail_count"."window_started_at" <= now() - ${windowMs}::int * interval '1 millisecond'
                                     THEN now() ELSE "password_reset_mail_count"."window_started_at" END
        RETURNING "mails"`;
      return row!.mails;
    },
  };
}
