import type { PgTx, Queryable } from '@vere/service-kit';

/** One pack dare as it is stored: an ordinary daily sidequest row with its pack and place. */
export interface PackDareRow {
  id: string;
  packId: string;
  position: number;
  category: string;
  title: string;
  description: string;
  duration: string;
  xp: number;
  bgColor: string;
  bgColor2: string;
  tags: string[];
}

/** A pack the player added, with how many of its dares they completed. */
export interface PlayerPackRow {
  packId: string;
  addedAt: Date;
  completedAt: Date | null;
  done: number;
}

export interface LatestResultRow {
  assessmentId: string;
  scores: Record<string, number>;
}

/** Packs, badges, the deck-shaping setting and the newest assessment results: data access only (rules in use-cases/packs.ts). */
export interface PacksRepository {
  /** Writes every dare's sidequest row (inserted or brought up to date with its file). */
  upsertDares(db: Queryable, dares: PackDareRow[], createdAt: Date): Promise<void>;
  /** Gives catalogue cards without tags their category's tags. */
  fillCatalogueTags(db: Queryable, categoryTags: Record<string, string[]>): Promise<void>;
  /** The player's added packs with their done counts. */
  playerPacks(db: Queryable, userId: string): Promise<PlayerPackRow[]>;
  /** The sidequest ids of the pack's dares the player completed. */
  doneDares(db: Queryable, userId: string, packId: string): Promise<string[]>;
  /** Adds the pack to the player's deck (a second add changes nothing). */
  add(db: Queryable, userId: string, packId: string, now: Date): Promise<void>;
  /** The added pack the sidequest belongs to, its row locked; undefined when it is no added pack's dare. */
  lockPackOfDare(
    tx: PgTx,
    userId: string,
    sidequestId: string,
  ): Promise<{ packId: string; completedAt: Date | null } | undefined>;
  /** Records the dare as done (once); returns how many of the pack's dares the player has done now. */
  markDareDone(tx: PgTx, userId: string, packId: string, sidequestId: string, now: Date): Promise<number>;
  markPackCompleted(tx: PgTx, userId: string, packId: string, now: Date): Promise<boolean>;
  /** Awards a badge once; false when the player had it. */
  awardBadge(tx: PgTx, userId: string, badgeId: string, now: Date): Promise<boolean>;
  badgesOf(db: Queryable, userId: string): Promise<{ badgeId: string; awardedAt: Date }[]>;
  /** Whether results shape the deck, and since when; undefined: never set (on). */
  settingOf(db: Queryable, userId: string): Promise<{ enabled: boolean; updatedAt: Date } | undefined>;
  setSetting(db: Queryable, userId: string, enabled: boolean, now: Date): Promise<void>;
  /** The newest take of every assessment the player finished. */
  latestResults(db: Queryable, userId: string): Promise<LatestResultRow[]>;
  /** The titles and times of the dares the player completed, per pack (for "Your data"). */
  doneDaresOf(db: Queryable, userId: string): Promise<{ packId: string; title: string; doneAt: Date }[]>;
  /** When the current stretch of Pro began, and every swipe (accept or skip, both buckets) so far. */
  proStatsOf(db: Queryable, userId: string): Promise<{ proSince: Date | null; swipesAllTime: number }>;
  erase(tx: PgTx, userId: string): Promise<void>;
}

export function createPacksRepository(): PacksRepository {
  return {
    async upsertDares(db, dares, createdAt) {
      if (dares.length === 0) return;
      await db.query(
        `INSERT INTO quests.sidequest (id, type, category, title, description, duration, xp, bg_color, bg_color2, created_at, tags, pack_id, pack_position)
         SELECT d.id, 'daily', d.category, d.title, d.description, d.duration, d.xp, d.bg_color, d.bg_color2, $2,
                ARRAY(SELECT jsonb_array_elements_text(d.tags)), d.pack_id, d.position
         FROM jsonb_to_recordset($1::jsonb) AS d(id uuid, category text, title text, description text, duration text, xp int,
              bg_color text, bg_color2 text, tags jsonb, pack_id text, position int)
         ON CONFLICT (id) DO UPDATE SET
           category = EXCLUDED.category, title = EXCLUDED.title, description = EXCLUDED.description,
           duration = EXCLUDED.duration, xp = EXCLUDED.xp, bg_color = EXCLUDED.bg_color, bg_color2 = EXCLUDED.bg_color2,
           tags = EXCLUDED.tags, pack_id = EXCLUDED.pack_id, pack_position = EXCLUDED.pack_position`,
        [
          JSON.stringify(
            dares.map((d) => ({
              id: d.id,
              category: d.category,
              title: d.title,
              description: d.description,
              duration: d.duration,
              xp: d.xp,
              bg_color: d.bgColor,
              bg_color2: d.bgColor2,
              tags: d.tags,
              pack_id: d.packId,
              position: d.position,
            })),
          ),
          createdAt,
        ],
      );
    },
    async fillCatalogueTags(db, categoryTags) {
      await db.query(
        `UPDATE quests.sidequest s SET tags = ARRAY(SELECT jsonb_array_elements_text($1::jsonb -> s.category))
         WHERE s.pack_id IS NULL AND s.tags = '{}' AND $1::jsonb ? s.category`,
        [JSON.stringify(categoryTags)],
      );
    },
    async playerPacks(db, userId) {
      const { rows } = await db.query<PlayerPackRow>(
        `SELECT p.pack_id AS "packId", p.added_at AS "addedAt", p.completed_at AS "completedAt",
                (SELECT count(*)::int FROM quests.pack_dare_done d WHERE d.user_id = p.user_id AND d.pack_id = p.pack_id) AS done
         FROM quests.player_pack p WHERE p.user_id = $1 ORDER BY p.added_at`,
        [userId],
      );
      return rows;
    },
    async doneDares(db, userId, packId) {
      const { rows } = await db.query<{ id: string }>(
        'SELECT sidequest_id AS id FROM quests.pack_dare_done WHERE user_id = $1 AND pack_id = $2',
        [userId, packId],
      );
      return rows.map((r) => r.id);
    },
    async add(db, userId, packId, now) {
      await db.query(
        `INSERT INTO quests.player_pack (user_id, pack_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [userId, packId, now],
      );
    },
    async lockPackOfDare(tx, userId, sidequestId) {
      const { rows } = await tx.query<{ packId: string; completedAt: Date | null }>(
        `SELECT p.pack_id AS "packId", p.completed_at AS "completedAt"
         FROM quests.player_pack p JOIN quests.sidequest s ON s.pack_id = p.pack_id
         WHERE p.user_id = $1 AND s.id = $2
         FOR UPDATE OF p`,
        [userId, sidequestId],
      );
      return rows[0];
    },
    async markDareDone(tx, userId, packId, sidequestId, now) {
      await tx.query(
        `INSERT INTO quests.pack_dare_done (user_id, sidequest_id, pack_id, done_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [userId, sidequestId, packId, now],
      );
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM quests.pack_dare_done d JOIN quests.sidequest s ON s.id = d.sidequest_id AND s.pack_id = d.pack_id
         WHERE d.user_id = $1 AND d.pack_id = $2`,
        [userId, packId],
      );
      return rows[0]!.n;
    },
    async markPackCompleted(tx, userId, packId, now) {
      const { rowCount } = await tx.query(
        'UPDATE quests.player_pack SET completed_at = $3 WHERE user_id = $1 AND pack_id = $2 AND completed_at IS NULL',
        [userId, packId, now],
      );
      return rowCount === 1;
    },
    async awardBadge(tx, userId, badgeId, now) {
      const { rowCount } = await tx.query(
        'INSERT INTO quests.player_badge (user_id, badge_id, awarded_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [userId, badgeId, now],
      );
      return rowCount === 1;
    },
    async badgesOf(db, userId) {
      const { rows } = await db.query<{ badgeId: string; awardedAt: Date }>(
        'SELECT badge_id AS "badgeId", awarded_at AS "awardedAt" FROM quests.player_badge WHERE user_id = $1 ORDER BY awarded_at, badge_id',
        [userId],
      );
      return rows;
    },
    async settingOf(db, userId) {
      const { rows } = await db.query<{ enabled: boolean; updatedAt: Date }>(
        'SELECT results_shape_deck AS enabled, updated_at AS "updatedAt" FROM quests.deck_setting WHERE user_id = $1',
        [userId],
      );
      return rows[0];
    },
    async setSetting(db, userId, enabled, now) {
      await db.query(
        `INSERT INTO quests.deck_setting (user_id, results_shape_deck, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET results_shape_deck = EXCLUDED.results_shape_deck, updated_at = EXCLUDED.updated_at`,
        [userId, enabled, now],
      );
    },
    async latestResults(db, userId) {
      const { rows } = await db.query<LatestResultRow>(
        `SELECT DISTINCT ON (assessment_id) assessment_id AS "assessmentId", scores
         FROM quests.assessment_result WHERE user_id = $1
         ORDER BY assessment_id, completed_at DESC`,
        [userId],
      );
      return rows;
    },
    async doneDaresOf(db, userId) {
      const { rows } = await db.query<{ packId: string; title: string; doneAt: Date }>(
        `SELECT d.pack_id AS "packId", s.title, d.done_at AS "doneAt"
         FROM quests.pack_dare_done d JOIN quests.sidequest s ON s.id = d.sidequest_id
         WHERE d.user_id = $1 ORDER BY d.done_at`,
        [userId],
      );
      return rows;
    },
    async proStatsOf(db, userId) {
      const { rows } = await db.query<{ proSince: Date | null; swipesAllTime: number }>(
        `SELECT (SELECT pro_since FROM quests.entitlement WHERE user_id = $1 AND is_active) AS "proSince",
                (SELECT coalesce(sum(swipes_used + skips_used + weekend_swipes_used + weekend_skips_used), 0)::int
                 FROM quests.daily_usage WHERE user_id = $1) AS "swipesAllTime"`,
        [userId],
      );
      return rows[0]!;
    },
    async erase(tx, userId) {
      await tx.query('DELETE FROM quests.pack_dare_done WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.player_pack WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.player_badge WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.deck_setting WHERE user_id = $1', [userId]);
    },
  };
}
