import type { PgTx } from '@vere/service-kit';

/** One user's entitlement as billing published it (billing.entitlement.changed.v1, per-user `version`). */
export interface EntitlementRow {
  userId: string;
  version: number;
  isActive: boolean;
  expiresAt: Date | null;
  /** When billing published the change (becomes "Pro since" when Pro starts). */
  at: Date;
}

/** The Pro read model: data access only (the rules are in use-cases/register-player.ts and @vere/domain's isProAt). */
export interface EntitlementsRepository {
  /** Stores the entitlement unless the row holds this version or a newer one. */
  apply(tx: PgTx, entitlement: EntitlementRow): Promise<void>;
}

export function createEntitlementsRepository(): EntitlementsRepository {
  return {
    async apply(tx, e) {
      await tx.query(
        `INSERT INTO quests.entitlement (user_id, version, is_active, expiration_date, updated_at, pro_since)
         VALUES ($1::uuid, $2, $3, $4, now(), CASE WHEN $3 THEN $5::timestamptz END)
         ON CONFLICT (user_id) DO UPDATE SET
           version = EXCLUDED.version, is_active = EXCLUDED.is_active, expiration_date = EXCLUDED.expiration_date, updated_at = now(),
           -- A renewal keeps the stretch's start; ending Pro clears it.
           pro_since = CASE WHEN EXCLUDED.is_active
             THEN coalesce(CASE WHEN quests.entitlement.is_active THEN quests.entitlement.pro_since END, EXCLUDED.pro_since) END
         WHERE quests.entitlement.version < EXCLUDED.version`,
        [e.userId, e.version, e.isActive, e.expiresAt, e.at],
      );
    },
  };
}
