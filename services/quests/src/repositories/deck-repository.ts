import type { SidequestCategory, SidequestType } from '@vere/contracts';
import { outboxInsertSql, outboxValues, type DomainEvent, type EventMeta, type Queryable } from '@vere/service-kit';
import { todoColumns, type TodoRow } from './todos-repository';

export interface SidequestRow {
  id: string;
  type: SidequestType;
  category: SidequestCategory;
  title: string;
  description: string;
  duration: string;
  xp: number;
  bgColor: string;
  bgColor2: string;
  bgColor3: string | null;
  createdAt: Date;
  tags: string[];
  /** Set on a challenge pack's dare (issue 24). */
  packId: string | null;
}

/** One local date's counts (both buckets). */
export interface UsageRow {
  swipes_used: number;
  skips_used: number;
  weekend_swipes_used: number;
  weekend_skips_used: number;
}

/**
 * What a counting statement did: the card's type (null: no such card), and the counts after it
 * (null: refused). `alreadySwiped`: the card was accepted or skipped earlier on that local date, so
 * the whole statement was undone (nothing counted, nothing added). `stale`: the player row no longer
 * matches the guard the statement was given, so it did nothing.
 */
export type SwipeOutcome<T = never> =
  | { alreadySwiped: false; stale: false; sidequestType: SidequestType | null; usage: UsageRow | null; todo?: T }
  | { alreadySwiped: false; stale: true }
  | { alreadySwiped: true };

/**
 * The player context the caller computed the date and the limits from (decision 0061): the statement
 * counts only while the player row still has this zone, this entitlement and XP within
 * [minXp, maxXpExclusive) (the same level); null bounds are open.
 */
export interface ContextGuard {
  timeZone: string;
  minXp: number | null;
  maxXpExclusive: number | null;
  proActive: boolean | null;
  proExpiresAt: Date | null;
}

export interface DeckInput {
  userId: string;
  type: SidequestType;
  /** The user's local date (YYYY-MM-DD). */
  date: string;
  /** Cards seen this many days ago or more are fresh again. */
  freshDays: number;
  size: number;
  /** Tags the player's assessment results favour (empty: none); such cards come first among the fresh. */
  favouredTags: string[];
}

export interface AcceptInput {
  userId: string;
  sidequestId: string;
  /** The user's local date (YYYY-MM-DD). */
  date: string;
  now: Date;
  maxSwipes: number;
  /** Whether weekend cards may be swiped now (the user's local weekend window). */
  weekendOpen: boolean;
  dueAt: Date;
  dueDate: string;
  guard: ContextGuard;
  /** The new to-do's id, and its quests.todo.changed.v1 (`added`), written by the same statement. */
  todoId: string;
  todoEvent: DomainEvent<EventMeta>;
}

export interface SkipInput {
  userId: string;
  sidequestId: string;
  date: string;
  now: Date;
  maxSwipes: number;
  maxSkips: number;
  weekendOpen: boolean;
  guard: ContextGuard;
}

/** The sidequest catalogue and the day's swipe counts: data access only (rules in use-cases/swipes.ts). */
export interface DeckRepository {
  list(db: Queryable, type: SidequestType | undefined): Promise<SidequestRow[]>;
  /**
   * The user's deck for a local date: cards of the type not swiped on that date; the undone dares of
   * the packs they added first (newest pack first, in the pack's order), then catalogue cards unseen
   * in the last `freshDays` days (favoured tags first, then in an order of the user's own for the
   * day), then the least recently seen. Dares of packs not added are never dealt.
   */
  deal(db: Queryable, input: DeckInput): Promise<SidequestRow[]>;
  usageOf(db: Queryable, userId: string, date: string): Promise<UsageRow>;
  /**
   * Counts a swipe, records the card as seen that day and adds the to-do in ONE statement, only
   * while the bucket has a swipe left and the card was not swiped that day.
   */
  accept(db: Queryable, input: AcceptInput): Promise<SwipeOutcome<TodoRow>>;
  /** Counts a skip and records the card as seen in ONE statement, only while the bucket has a skip and a swipe left and the card was not swiped that day. */
  skip(db: Queryable, input: SkipInput): Promise<SwipeOutcome>;
}

const SIDEQUEST_COLUMNS = `id, type, category, title, description, duration, xp, bg_color AS "bgColor", bg_color2 AS "bgColor2",
  bg_color3 AS "bgColor3", created_at AS "createdAt", tags, pack_id AS "packId"`;

/** The player row, only while it matches a ContextGuard given as five parameters from $n on. */
const GUARD_SQL = (n: number) => `SELECT FROM quests.player p LEFT JOIN quests.entitlement e ON e.user_id = p.user_id
  WHERE p.user_id = $1 AND p.time_zone = $${n}
    AND ($${n + 1}::int IS NULL OR p.total_xp >= $${n + 1}::int) AND ($${n + 2}::int IS NULL OR p.total_xp < $${n + 2}::int)
    AND e.is_active IS NOT DISTINCT FROM $${n + 3}::boolean AND e.expiration_date IS NOT DISTINCT FROM $${n + 4}::timestamptz`;

const guardValues = (g: ContextGuard) => [g.timeZone, g.minXp, g.maxXpExclusive, g.proActive, g.proExpiresAt];

/**
 * The check and the count are one INSERT … ON CONFLICT DO UPDATE … WHERE: PostgreSQL locks the
 * day's row and re-evaluates the WHERE on its newest version, so concurrent swipes queue on the row
 * and never pass the limit. The to-do insert reads the upsert's RETURNING, so a refused swipe adds
 * no to-do, and a card that does not exist (or a weekend card outside the window) counts nothing.
 * Which bucket a card counts in follows from its type, inside the statement.
 *
 * The counted swipe also inserts the card into sidequest_seen for the user's local date, with no
 * ON CONFLICT: a card already accepted or skipped that day breaks the primary key and PostgreSQL
 * undoes the whole statement, count included (decision 0036). Two accepts of one card queue on the
 * usage row; the second finds the first's seen row once it holds the lock, so exactly one counts.
 * A swipe refused by the limit inserts nothing, so the card stays unseen.
 *
 * The date and the limit come from the caller's (cached) player context; `ctx` re-reads the player
 * row in the same statement and everything else reads through it, so a context that no longer holds
 * (a new zone, Pro bought or ended, a level gained) counts nothing and answers `stale` (decision 0061).
 * The to-do's id comes from the caller, and `ev` writes its quests.todo.changed.v1 to the outbox only
 * when `t` inserted it: the to-do and its event commit together, still in one round trip. A pack's
 * dare counts only for a player who added the pack.
 */
export const ACCEPT_SQL = `
WITH ctx AS (
  ${GUARD_SQL(9)}
), sq AS (
  SELECT id, type, title, description, xp FROM quests.sidequest s WHERE id = $2 AND EXISTS (SELECT FROM ctx)
    -- a pack's dare only for a player who added the pack (decision 0051): else no such card
    AND (s.pack_id IS NULL OR EXISTS (SELECT FROM quests.player_pack pp WHERE pp.user_id = $1 AND pp.pack_id = s.pack_id))
), ok AS (
  SELECT * FROM sq WHERE type = 'daily' OR $6::boolean
), u AS (
  INSERT INTO quests.daily_usage AS d (user_id, date, swipes_used, weekend_swipes_used, updated_at)
  SELECT $1, $3::date, (ok.type = 'daily')::int, (ok.type = 'weekend')::int, $4 FROM ok
  ON CONFLICT (user_id, date) DO UPDATE SET
    swipes_used = d.swipes_used + EXCLUDED.swipes_used,
    weekend_swipes_used = d.weekend_swipes_used + EXCLUDED.weekend_swipes_used,
    updated_at = EXCLUDED.updated_at
  WHERE (EXCLUDED.swipes_used = 1 AND d.swipes_used < $5) OR (EXCLUDED.weekend_swipes_used = 1 AND d.weekend_swipes_used < $5)
  RETURNING swipes_used, skips_used, weekend_swipes_used, weekend_skips_used
), seen AS (
  INSERT INTO quests.sidequest_seen (user_id, date, sidequest_id, verdict, seen_at)
  SELECT $1, $3::date, ok.id, 'accepted', $4 FROM ok, u
), t AS (
  INSERT INTO quests.todo (id, user_id, sidequest_id, type, title, description, xp_reward, created_at, created_date, due_at, due_date, updated_at)
  SELECT $14::uuid, $1, ok.id, ok.type || '_sidequest', ok.title, ok.description, ok.xp, $4, $3::date, $7, $8::date, $4
  FROM ok, u
  RETURNING ${todoColumns}
), ev AS (
  ${outboxInsertSql('quests', 15, 't')}
)
SELECT NOT EXISTS (SELECT FROM ctx) AS stale, (SELECT type FROM sq) AS "sidequestType", (SELECT row_to_json(u) FROM u) AS usage,
  (SELECT row_to_json(t) FROM t) AS todo`;

export const SKIP_SQL = `
WITH ctx AS (
  ${GUARD_SQL(8)}
), sq AS (
  SELECT id, type FROM quests.sidequest WHERE id = $2 AND EXISTS (SELECT FROM ctx)
), ok AS (
  SELECT * FROM sq WHERE type = 'daily' OR $5::boolean
), u AS (
  INSERT INTO quests.daily_usage AS d (user_id, date, skips_used, weekend_skips_used, updated_at)
  SELECT $1, $3::date, (ok.type = 'daily')::int, (ok.type = 'weekend')::int, $4 FROM ok
  ON CONFLICT (user_id, date) DO UPDATE SET
    skips_used = d.skips_used + EXCLUDED.skips_used,
    weekend_skips_used = d.weekend_skips_used + EXCLUDED.weekend_skips_used,
    updated_at = EXCLUDED.updated_at
  WHERE (EXCLUDED.skips_used = 1 AND d.skips_used < $6 AND d.swipes_used < $7)
     OR (EXCLUDED.weekend_skips_used = 1 AND d.weekend_skips_used < $6 AND d.weekend_swipes_used < $7)
  RETURNING swipes_used, skips_used, weekend_swipes_used, weekend_skips_used
), seen AS (
  INSERT INTO quests.sidequest_seen (user_id, date, sidequest_id, verdict, seen_at)
  SELECT $1, $3::date, ok.id, 'skipped', $4 FROM ok, u
)
SELECT NOT EXISTS (SELECT FROM ctx) AS stale, (SELECT type FROM sq) AS "sidequestType", (SELECT row_to_json(u) FROM u) AS usage`;

/**
 * The deck: the type's cards minus those seen on the date. A pack's dares (sidequest rows with a
 * pack_id) only for a player who added the pack and not yet done, before everything else (newest
 * pack first, in the pack's order). Then the catalogue: unseen-for-freshDays cards first — among
 * them those carrying a tag the player's results favour ($6, strongest first; empty when nothing
 * shapes the deck; decision 0052), by their best tag's place — in an order hashed from the user, the date and the card (stable through the day,
 * different per user and per day), then by when they were seen last. Reads the user's seen rows of
 * the last freshDays days through the primary key (a few hundred at most) and their added packs.
 */
export const DEAL_SQL = `
SELECT s.id, s.type, s.category, s.title, s.description, s.duration, s.xp, s.bg_color AS "bgColor",
  s.bg_color2 AS "bgColor2", s.bg_color3 AS "bgColor3", s.created_at AS "createdAt", s.tags, s.pack_id AS "packId"
FROM quests.sidequest s
LEFT JOIN (
  SELECT sidequest_id, max(date) AS last_seen FROM quests.sidequest_seen
  WHERE user_id = $1 AND date > $2::date - $4::int
  GROUP BY sidequest_id
) r ON r.sidequest_id = s.id
LEFT JOIN quests.player_pack p ON p.user_id = $1 AND p.pack_id = s.pack_id
WHERE s.type = $3 AND (r.last_seen IS NULL OR r.last_seen < $2::date)
  AND (s.pack_id IS NULL OR (p.pack_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM quests.pack_dare_done d WHERE d.user_id = $1 AND d.sidequest_id = s.id)))
ORDER BY p.added_at DESC NULLS LAST, s.pack_position, r.last_seen NULLS FIRST,
  (SELECT min(array_position($6::text[], t)) FROM unnest(s.tags) t) NULLS LAST, md5($1::text || $2::text || s.id::text)
LIMIT $5`;

/** The primary key a second swipe of one card on one day breaks. */
const isSeenConflict = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  (err as { constraint?: unknown }).constraint === 'sidequest_seen_pkey';

export function createDeckRepository(): DeckRepository {
  return {
    async list(db, type) {
      const { rows } = type
        ? await db.query<SidequestRow>({
            name: 'quests-sidequests-by-type',
            text: `SELECT ${SIDEQUEST_COLUMNS} FROM quests.sidequest WHERE type = $1 AND pack_id IS NULL ORDER BY created_at DESC, id`,
            values: [type],
          })
        : await db.query<SidequestRow>({
            name: 'quests-sidequests',
            text: `SELECT ${SIDEQUEST_COLUMNS} FROM quests.sidequest WHERE pack_id IS NULL ORDER BY created_at DESC, id`,
          });
      return rows;
    },
    async deal(db, i) {
      const { rows } = await db.query<SidequestRow>({
        name: 'quests-deal',
        text: DEAL_SQL,
        values: [i.userId, i.date, i.type, i.freshDays, i.size, i.favouredTags],
      });
      return rows;
    },
    async usageOf(db, userId, date) {
      const { rows } = await db.query<UsageRow>({
        name: 'quests-usage',
        text: 'SELECT swipes_used, skips_used, weekend_swipes_used, weekend_skips_used FROM quests.daily_usage WHERE user_id = $1 AND date = $2::date',
        values: [userId, date],
      });
      // A day without a row: nothing counted yet.
      return rows[0] ?? { swipes_used: 0, skips_used: 0, weekend_swipes_used: 0, weekend_skips_used: 0 };
    },
    async accept(db, i) {
      const query = {
        name: 'quests-accept',
        text: ACCEPT_SQL,
        values: [
          i.userId,
          i.sidequestId,
          i.date,
          i.now,
          i.maxSwipes,
          i.weekendOpen,
          i.dueAt,
          i.dueDate,
          ...guardValues(i.guard),
          i.todoId,
          ...outboxValues(i.todoEvent),
        ],
      };
      try {
        const { rows } = await db.query<{
          stale: boolean;
          sidequestType: SidequestType | null;
          usage: UsageRow | null;
          todo: TodoRow | null;
        }>(query);
        const row = rows[0]!;
        if (row.stale) return { alreadySwiped: false, stale: true };
        return {
          alreadySwiped: false,
          stale: false,
          sidequestType: row.sidequestType,
          usage: row.usage,
          todo: row.todo ?? undefined,
        };
      } catch (err) {
        if (isSeenConflict(err)) return { alreadySwiped: true };
        throw err;
      }
    },
    async skip(db, i) {
      try {
        const { rows } = await db.query<{
          stale: boolean;
          sidequestType: SidequestType | null;
          usage: UsageRow | null;
        }>({
          name: 'quests-skip',
          text: SKIP_SQL,
          values: [
            i.userId,
            i.sidequestId,
            i.date,
            i.now,
            i.weekendOpen,
            i.maxSkips,
            i.maxSwipes,
            ...guardValues(i.guard),
          ],
        });
        const row = rows[0]!;
        if (row.stale) return { alreadySwiped: false, stale: true };
        return { alreadySwiped: false, stale: false, sidequestType: row.sidequestType, usage: row.usage };
      } catch (err) {
        if (isSeenConflict(err)) return { alreadySwiped: true };
        throw err;
      }
    },
  };
}
