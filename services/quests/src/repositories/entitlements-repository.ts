import type { PgTx } from '@vere/service-kit';

/** One user's entitlement as billing published it (billing.entitlement.changed.v1, per-user `version`). */
export interface EntitlementRow {
  userId: string;
  version: number;
  isActive: boolean;
  expiresAt: Date | null;
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
        `INSERT INTO quests.entitlement (user_id, version, is_active, expiration_date, updated_at)
         VALUES ($1::uuid, $2, $3, $4, now())
         ON CONFLICT (user_id) DO UPDATE SET
           version = EXCLUDED.version, is_active = EXCLUDED.is_active, expiration_date = EXCLUDED.expiration_date, updated_at = now()
         WHERE quests.entitlement.version < EXCLUDED.version`,
        [e.userId, e.version, e.isActive, e.expiresAt],
      );
    },
  };
}
