import type { PgTx, Queryable } from '@vere/service-kit';

/** What every rule about the user's day needs: their zone, XP and Pro entitlement. */
export interface PlayerContextRow {
  timeZone: string;
  totalXp: number;
  proActive: boolean | null;
  proExpiresAt: Date | null;
}

/** A new player, as the registration creates it. */
export interface NewPlayer {
  userId: string;
  name: string;
  username: string | null;
  timeZone: string;
}

/** The public profile as identity publishes it. */
export interface ProfileRow {
  userId: string;
  name: string;
  username: string | null;
  photoUrl: string | null;
  avatarConfig: Record<string, unknown> | null;
  /** The zone a player created by this profile gets. */
  timeZone: string;
  /** Whether an existing player keeps the zone it holds (the profile named none). */
  keepTimeZone: boolean;
  /** When the profile changed: a row holding a newer one is left alone. */
  profileAt: Date;
}

/** Data access for players: no rules here (see use-cases/). */
export interface PlayersRepository {
  /** The player's total XP, or undefined when no player exists for the user yet. */
  totalXpOf(db: Queryable, userId: string): Promise<number | undefined>;
  /** Zone, XP and entitlement in one read, or undefined when no player exists yet. */
  contextOf(db: Queryable, userId: string): Promise<PlayerContextRow | undefined>;
  /** The player's zone, or undefined when there is no such player. */
  timeZoneOf(db: Queryable, userId: string): Promise<string | undefined>;
  /** The player row as "Your data" shows it, or null. */
  exportOf(
    db: Queryable,
    userId: string,
  ): Promise<{ name: string; username: string | null; totalXp: number; createdAt: Date; timeZone: string } | null>;
  /** The user's to-dos and XP awards as "Your data" shows them. */
  exportActivityOf(
    db: Queryable,
    userId: string,
  ): Promise<{
    todos: {
      title: string;
      status: string;
      xpReward: number;
      createdAt: Date;
      completedAt: Date | null;
      proofText: string | null;
    }[];
    xpAwards: { sourceKey: string; reason: string; amount: number; awardedAt: Date }[];
    weeklyChallenges: {
      title: string;
      weekNumber: number;
      acceptedAt: Date | null;
      completedAt: Date | null;
      reflection: string | null;
      proofText: string | null;
      proofPhotoId: string | null;
    }[];
    swipes: { date: string; title: string; verdict: 'accepted' | 'skipped'; seenAt: Date }[];
  }>;
  /** The distinct zones players are in. */
  timeZones(db: Queryable): Promise<string[]>;
  /** Inserts the player unless one exists already (a profile event may have created it first). */
  insert(tx: PgTx, player: NewPlayer): Promise<void>;
  /** Writes the profile, creating the player when missing, unless the row holds a newer profile. */
  applyProfile(tx: PgTx, profile: ProfileRow): Promise<void>;
  /** Whether the user id was erased (a tombstone in erased_user). */
  isErased(tx: PgTx, userId: string): Promise<boolean>;
  /** Deletes the player and every row quests holds about them, and records the id as erased (idempotent). */
  erase(tx: PgTx, userId: string): Promise<void>;
}

/** The distinct zones players are in: a loose index scan over player(time_zone), a few hundred steps at most. */
const ZONES_SQL = `
WITH RECURSIVE z AS (
  SELECT min(time_zone) AS tz FROM quests.player
  UNION ALL
  SELECT (SELECT min(time_zone) FROM quests.player WHERE time_zone > z.tz) FROM z WHERE z.tz IS NOT NULL
) SELECT tz FROM z WHERE tz IS NOT NULL`;

/**
 * Read on every screen: one prepared statement rather than a Prisma query, which cost about half of
 * this route's throughput (bench/auth-throughput.mjs: 2.1k → 3.8k req/s).
 */
export function createPlayersRepository(): PlayersRepository {
  return {
    async timeZoneOf(db, userId) {
      const { rows } = await db.query<{ timeZone: string }>(
        'SELECT time_zone AS "timeZone" FROM quests.player WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.timeZone;
    },
    async exportOf(db, userId) {
      const { rows } = await db.query<{
        name: string;
        username: string | null;
        totalXp: number;
        createdAt: Date;
        timeZone: string;
      }>(
        'SELECT name, username, total_xp AS "totalXp", created_at AS "createdAt", time_zone AS "timeZone" FROM quests.player WHERE user_id = $1',
        [userId],
      );
      return rows[0] ?? null;
    },
    async exportActivityOf(db, userId) {
      const [todos, awards, weekly, swipes] = await Promise.all([
        db.query(
          `SELECT title, status, xp_reward AS "xpReward", created_at AS "createdAt", completed_at AS "completedAt",
                    proof_text AS "proofText" FROM quests.todo WHERE user_id = $1 ORDER BY created_at`,
          [userId],
        ),
        db.query(
          `SELECT source_key AS "sourceKey", reason, amount, created_at AS "awardedAt"
                  FROM quests.xp_ledger WHERE user_id = $1 ORDER BY created_at`,
          [userId],
        ),
        db.query(
          `SELECT c.title, w.week_number AS "weekNumber", p.accepted_at AS "acceptedAt", p.completed_at AS "completedAt",
                    p.reflection, p.proof_text AS "proofText", p.proof_photo_id AS "proofPhotoId"
                  FROM quests.user_challenge_progress p JOIN quests.weekly_challenge w ON w.id = p.weekly_challenge_id
                  JOIN quests.challenge c ON c.id = w.challenge_id WHERE p.user_id = $1 ORDER BY w.week_number`,
          [userId],
        ),
        db.query(
          `SELECT to_char(v.date, 'YYYY-MM-DD') AS date, COALESCE(s.title, '(a retired card)') AS title, v.verdict,
                    v.seen_at AS "seenAt"
                  FROM quests.sidequest_seen v LEFT JOIN quests.sidequest s ON s.id = v.sidequest_id
                  WHERE v.user_id = $1 ORDER BY v.seen_at`,
          [userId],
        ),
      ]);
      return { todos: todos.rows, xpAwards: awards.rows, weeklyChallenges: weekly.rows, swipes: swipes.rows };
    },
    async totalXpOf(db, userId) {
      const { rows } = await db.query<{ totalXp: number }>({
        name: 'quests-player-total-xp',
        text: 'SELECT total_xp AS "totalXp" FROM quests.player WHERE user_id = $1',
        values: [userId],
      });
      return rows[0]?.totalXp;
    },
    async contextOf(db, userId) {
      const { rows } = await db.query<PlayerContextRow>({
        name: 'quests-player-context',
        text: `SELECT p.time_zone AS "timeZone", p.total_xp AS "totalXp", e.is_active AS "proActive", e.expiration_date AS "proExpiresAt"
               FROM quests.player p LEFT JOIN quests.entitlement e ON e.user_id = p.user_id WHERE p.user_id = $1`,
        values: [userId],
      });
      return rows[0];
    },
    async timeZones(db) {
      const { rows } = await db.query<{ tz: string }>(ZONES_SQL);
      return rows.map((r) => r.tz);
    },
    async insert(tx, p) {
      await tx.query(
        `INSERT INTO quests.player (user_id, name, username, time_zone, updated_at) VALUES ($1::uuid, $2, $3, $4, now())
         ON CONFLICT (user_id) DO NOTHING`,
        [p.userId, p.name, p.username, p.timeZone],
      );
    },
    async applyProfile(tx, p) {
      await tx.query(
        `INSERT INTO quests.player (user_id, name, username, photo_url, avatar_config, time_zone, profile_at, updated_at)
         VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6, $7, now())
         ON CONFLICT (user_id) DO UPDATE SET
           name = EXCLUDED.name, username = EXCLUDED.username, photo_url = EXCLUDED.photo_url,
           avatar_config = EXCLUDED.avatar_config,
           time_zone = CASE WHEN $8::boolean THEN quests.player.time_zone ELSE EXCLUDED.time_zone END,
           profile_at = EXCLUDED.profile_at, updated_at = now()
         WHERE quests.player.profile_at IS NULL OR quests.player.profile_at < EXCLUDED.profile_at`,
        [
          p.userId,
          p.name,
          p.username,
          p.photoUrl,
          p.avatarConfig === null ? null : JSON.stringify(p.avatarConfig),
          p.timeZone,
          p.profileAt,
          p.keepTimeZone,
        ],
      );
    },
    async isErased(tx, userId) {
      const { rowCount } = await tx.query('SELECT 1 FROM quests.erased_user WHERE user_id = $1', [userId]);
      return rowCount === 1;
    },
    async erase(tx, userId) {
      for (const table of [
        'todo',
        'user_challenge_progress',
        'daily_usage',
        'sidequest_seen',
        'xp_ledger',
        'entitlement',
        'player',
      ]) {
        await tx.query(`DELETE FROM quests.${table} WHERE user_id = $1`, [userId]);
      }
      await tx.query('INSERT INTO quests.erased_user (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    },
  };
}
