import type { PgTx } from '@vere/service-kit';

/** One XP award as the ledger records it. */
export interface LedgerEntry {
  userId: string;
  /** Unique per source: `todo:<id>`, `weekly:<id>:<user id>`. */
  sourceKey: string;
  reason: 'todo_completed' | 'weekly_completed' | 'playbook_step' | 'playbook_completed' | 'pack_completed' | 'other';
  amount: number;
}

/** The XP ledger and the player's total: data access only (the award's rules are in use-cases/xp.ts). */
export interface XpRepository {
  /** Records the entry; false when its source key is in the ledger already (the primary key decides). */
  record(tx: PgTx, entry: LedgerEntry): Promise<boolean>;
  /** Adds `amount` to the player's total; answers the new total and the player's zone, undefined when there is no such player. */
  addToTotal(tx: PgTx, userId: string, amount: number): Promise<{ totalXp: number; timeZone: string } | undefined>;
}

export function createXpRepository(): XpRepository {
  return {
    async record(tx, e) {
      const { rowCount } = await tx.query(
        'INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, $3, $4) ON CONFLICT (source_key) DO NOTHING',
        [e.sourceKey, e.userId, e.amount, e.reason],
      );
      return rowCount === 1;
    },
    async addToTotal(tx, userId, amount) {
      const { rows } = await tx.query<{ totalXp: number; timeZone: string }>(
        'UPDATE quests.player SET total_xp = total_xp + $2, updated_at = now() WHERE user_id = $1 RETURNING total_xp AS "totalXp", time_zone AS "timeZone"',
        [userId, amount],
      );
      return rows[0];
    },
  };
}
