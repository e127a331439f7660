import { PodStreakUpdated, type PodStreakUpdatedPayload } from '@vere/contracts';
import { addDays, DEFAULT_TIME_ZONE, isTimeZone, localDate, weekStartAt } from '@vere/domain';
import { newEvent, outboxRecord } from '@vere/service-kit';
import type { Prisma } from '../generated/prisma/client';
import type { Queryable } from './sql';

/**
 * The few queries the pod streak and the shared log need, on either a Prisma transaction (the
 * event consumers) or a pg client (the week-end sweep): raw SQL, schema-qualified.
 */
export interface Sql {
  query<R>(text: string, values: unknown[]): Promise<R[]>;
}

export const prismaSql = (tx: Prisma.TransactionClient): Sql => ({
  query: <R>(text: string, values: unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...values),
});

/** A pg client (inside its transaction) as `Sql`. */
export const clientSql = (client: Queryable): Sql => ({
  query: async <R>(text: string, values: unknown[]) => (await client.query(text, values)).rows as R[],
});

/** The channel live updates go out on (NOTIFY is transactional: listeners hear it after the commit). */
export const LIVE_CHANNEL = 'pods_live';

export type LiveKind = 'pod-log-added' | 'pod-streak-updated';

export interface LiveMessage {
  kind: LiveKind;
  podId: string;
  /** The user whose entry it is (pod-log-added): viewers hiding them do not get it. */
  authorId: string | null;
  data: Record<string, unknown>;
}

export async function notifyLive(sql: Sql, message: LiveMessage): Promise<void> {
  await sql.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)::text AS ok`, [JSON.stringify(message)]);
}

async function writeOutbox(sql: Sql, payload: PodStreakUpdatedPayload): Promise<void> {
  const r = outboxRecord({ subject: PodStreakUpdated.subject, payload });
  await sql.query(
    'INSERT INTO pods.outbox_event (id, subject, payload, occurred_at) VALUES ($1::uuid, $2, $3::jsonb, $4) RETURNING id',
    [r.id, r.subject, JSON.stringify(r.payload), r.occurredAt],
  );
}

/** Quests' weekly-completed read model: who completed which weekly challenge, when. */
export async function recordCompletion(sql: Sql, userId: string, weeklyChallengeId: string, completedAt: Date): Promise<void> {
  await sql.query(
    `INSERT INTO pods.weekly_completion (user_id, weekly_challenge_id, completed_at) VALUES ($1::uuid, $2::uuid, $3)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [userId, weeklyChallengeId, completedAt],
  );
}

export interface SharedEntry {
  id: string;
  podId: string;
  userId: string;
  weeklyChallengeId: string;
  message: string;
  proofText: string | null;
  proofPhotoId: string | null;
  createdAt: Date;
}

/**
 * One log entry per ticked pod the user is a member of now; pods they are not in are skipped, and
 * an entry already written for (pod, user, weekly challenge) is not written again.
 */
export async function shareCompletion(
  sql: Sql,
  e: { userId: string; weeklyChallengeId: string; podIds: string[]; message: string; proofText: string | null; proofPhotoId: string | null; at: Date },
): Promise<SharedEntry[]> {
  if (e.podIds.length === 0) return [];
  return sql.query<SharedEntry>(
    `INSERT INTO pods.pod_log (id, pod_id, user_id, weekly_challenge_id, message, proof_text, proof_photo_id, created_at)
     SELECT gen_random_uuid(), m.pod_id, m.user_id, $2::uuid, $3, $4, $5::uuid, $6
       FROM pods.pod_member m WHERE m.user_id = $1::uuid AND m.pod_id = ANY($7::uuid[])
     ON CONFLICT (pod_id, user_id, weekly_challenge_id) WHERE weekly_challenge_id IS NOT NULL DO NOTHING
     RETURNING id::text, pod_id::text AS "podId", user_id::text AS "userId", weekly_challenge_id::text AS "weeklyChallengeId",
               message, proof_text AS "proofText", proof_photo_id::text AS "proofPhotoId", created_at AS "createdAt"`,
    [e.userId, e.weeklyChallengeId, e.message, e.proofText, e.proofPhotoId, e.at, [...new Set(e.podIds)]],
  );
}

/** Pods the user is a member of (the streak of each may have completed). */
export async function podsOf(sql: Sql, userId: string): Promise<string[]> {
  const rows = await sql.query<{ podId: string }>('SELECT pod_id::text AS "podId" FROM pods.pod_member WHERE user_id = $1::uuid ORDER BY pod_id', [userId]);
  return rows.map((r) => r.podId);
}

interface PodStreakRow {
  id: string;
  createdBy: string;
  currentStreak: number;
  lastChallengeId: string | null;
  lastWeek: string | null;
  saves: number;
  timeZone: string | null;
}

async function lockPod(sql: Sql, podId: string): Promise<PodStreakRow | undefined> {
  const rows = await sql.query<PodStreakRow>(
    `SELECT p.id::text, p.created_by::text AS "createdBy", p.current_streak AS "currentStreak",
            p.last_streak_challenge_id::text AS "lastChallengeId", p.last_streak_week::text AS "lastWeek",
            p.streak_saves AS saves, pr.time_zone AS "timeZone"
       FROM pods.pod p LEFT JOIN pods.profile pr ON pr.user_id = p.created_by
      WHERE p.id = $1::uuid FOR UPDATE OF p`,
    [podId],
  );
  return rows[0];
}

/** The pod's week is its creator's week (their zone from identity's profile events; UTC until known). */
const zoneOf = (pod: PodStreakRow) => (pod.timeZone && isTimeZone(pod.timeZone) ? pod.timeZone : DEFAULT_TIME_ZONE);

interface MemberRow {
  userId: string;
  joinedAt: Date;
}

async function membersOf(sql: Sql, podId: string): Promise<MemberRow[]> {
  return sql.query<MemberRow>('SELECT user_id::text AS "userId", joined_at AS "joinedAt" FROM pods.pod_member WHERE pod_id = $1::uuid', [podId]);
}

/**
 * The members a week counts (spec §4.4, the creator included): those who joined before the week
 * began in the creator's zone; a member who joined during it counts from the next week. In the
 * pod's first week (nobody joined before it) everyone who has joined counts.
 */
function countedMembers(members: MemberRow[], week: string, zone: string): MemberRow[] {
  const before = members.filter((m) => localDate(m.joinedAt, zone) < week);
  return before.length > 0 ? before : members;
}

const SAVE_EVERY = 4;
const MAX_SAVES = 1;

async function publishStreak(sql: Sql, userId: string, fields: Omit<PodStreakUpdatedPayload, 'eventId' | 'occurredAt' | 'userId'>): Promise<void> {
  const event = newEvent(PodStreakUpdated.subject, userId, fields);
  const payload = event.payload as PodStreakUpdatedPayload;
  await writeOutbox(sql, payload);
  await notifyLive(sql, { kind: 'pod-streak-updated', podId: fields.podId, authorId: null, data: { ...fields, occurredAt: payload.occurredAt } });
}

/**
 * Settles weeks that ended without the pod completing (run before a rise, and by the sweep): a
 * single missed week that exactly one counted member missed is covered by a banked save (the
 * streak stays); otherwise the streak goes back to 0. Answers the pod after settling.
 */
async function settle(sql: Sql, pod: PodStreakRow, now: Date): Promise<PodStreakRow> {
  if (pod.currentStreak === 0 || pod.lastWeek === null) return pod;
  const zone = zoneOf(pod);
  const thisWeek = weekStartAt(now, zone);
  const previousWeek = addDays(thisWeek, -7);
  if (pod.lastWeek >= previousWeek) return pod;
  const missedWeek = addDays(pod.lastWeek, 7);
  if (missedWeek === previousWeek && pod.saves > 0) {
    const counted = countedMembers(await membersOf(sql, pod.id), missedWeek, zone);
    const completions = await sql.query<{ userId: string; completedAt: Date }>(
      `SELECT user_id::text AS "userId", completed_at AS "completedAt" FROM pods.weekly_completion
        WHERE user_id = ANY($1::uuid[]) AND completed_at >= $2::date - interval '2 days' AND completed_at < $2::date + interval '9 days'`,
      [counted.map((m) => m.userId), missedWeek],
    );
    const done = new Set(completions.filter((c) => weekStartAt(c.completedAt, zone) === missedWeek).map((c) => c.userId));
    const missing = counted.filter((m) => !done.has(m.userId)).length;
    if (missing === 1 && counted.length >= 2) {
      const saves = pod.saves - 1;
      await sql.query('UPDATE pods.pod SET streak_saves = $2, last_streak_week = $3::date, updated_at = now() WHERE id = $1::uuid RETURNING id', [pod.id, saves, missedWeek]);
      await publishStreak(sql, pod.createdBy, {
        podId: pod.id, currentStreak: pod.currentStreak, previousStreak: pod.currentStreak, saves, reason: 'save_used', weeklyChallengeId: null, week: missedWeek,
      });
      return { ...pod, saves, lastWeek: missedWeek };
    }
  }
  await sql.query('UPDATE pods.pod SET current_streak = 0, updated_at = now() WHERE id = $1::uuid RETURNING id', [pod.id]);
  await publishStreak(sql, pod.createdBy, {
    podId: pod.id, currentStreak: 0, previousStreak: pod.currentStreak, saves: pod.saves, reason: 'reset', weeklyChallengeId: null, week: missedWeek,
  });
  return { ...pod, currentStreak: 0 };
}

/**
 * After `actor` completed `weeklyChallengeId` at `completedAt`: when every counted member of the
 * pod has completed it, the streak rises by 1, once per weekly challenge (`last_streak_challenge_id`
 * under the pod's row lock), and pods.pod.streak.updated.v1 goes out. Every 4th consecutive week
 * banks a save (at most 1).
 */
export async function advancePodStreak(
  sql: Sql,
  podId: string,
  e: { actor: string; weeklyChallengeId: string; completedAt: Date; now: Date },
): Promise<void> {
  let pod = await lockPod(sql, podId);
  if (!pod || pod.lastChallengeId === e.weeklyChallengeId) return;
  pod = await settle(sql, pod, e.now);
  const zone = zoneOf(pod);
  const week = weekStartAt(e.completedAt, zone);
  if (pod.lastWeek !== null && pod.lastWeek >= week) return; // that week already counted (or a late event)
  const counted = countedMembers(await membersOf(sql, podId), week, zone);
  const done = await sql.query<{ userId: string }>(
    'SELECT user_id::text AS "userId" FROM pods.weekly_completion WHERE weekly_challenge_id = $1::uuid AND user_id = ANY($2::uuid[])',
    [e.weeklyChallengeId, counted.map((m) => m.userId)],
  );
  if (done.length < counted.length) return;
  await rise(sql, pod, { actor: e.actor, weeklyChallengeId: e.weeklyChallengeId, week });
}

/** The streak rises by 1 for `week` (from 1 again after a gap); every 4th consecutive week banks a save. */
async function rise(sql: Sql, pod: PodStreakRow, e: { actor: string; weeklyChallengeId: string; week: string }): Promise<void> {
  const consecutive = pod.lastWeek !== null && addDays(pod.lastWeek, 7) === e.week;
  const previousStreak = pod.currentStreak;
  const currentStreak = (consecutive ? previousStreak : 0) + 1;
  const saves = currentStreak % SAVE_EVERY === 0 ? Math.min(pod.saves + 1, MAX_SAVES) : pod.saves;
  await sql.query(
    `UPDATE pods.pod SET current_streak = $2, last_streak_challenge_id = $3::uuid, last_streak_week = $4::date, streak_saves = $5, updated_at = now()
      WHERE id = $1::uuid RETURNING id`,
    [pod.id, currentStreak, e.weeklyChallengeId, e.week, saves],
  );
  await publishStreak(sql, e.actor, {
    podId: pod.id, currentStreak, previousStreak, saves, reason: 'completed', weeklyChallengeId: e.weeklyChallengeId, week: e.week,
  });
}

/**
 * After a member left or was removed (`actor` did it; the member row is already gone, in the same
 * transaction): when every remaining counted member has completed one weekly challenge this week,
 * the streak rises as if the last completion had just arrived — once per week and challenge, under
 * the pod's row lock, like `advancePodStreak`.
 */
export async function recheckPodStreak(sql: Sql, podId: string, e: { actor: string; now: Date }): Promise<void> {
  let pod = await lockPod(sql, podId);
  if (!pod) return;
  pod = await settle(sql, pod, e.now);
  const zone = zoneOf(pod);
  const week = weekStartAt(e.now, zone);
  if (pod.lastWeek !== null && pod.lastWeek >= week) return; // this week already counted
  const counted = countedMembers(await membersOf(sql, podId), week, zone);
  if (counted.length === 0) return;
  // Completions of this week (a window wider than any zone's week, narrowed in the creator's zone below).
  const rows = await sql.query<{ userId: string; weeklyChallengeId: string; completedAt: Date }>(
    `SELECT user_id::text AS "userId", weekly_challenge_id::text AS "weeklyChallengeId", completed_at AS "completedAt"
       FROM pods.weekly_completion
      WHERE user_id = ANY($1::uuid[]) AND completed_at >= $2::date - interval '2 days' AND completed_at < $2::date + interval '9 days'`,
    [counted.map((m) => m.userId), week],
  );
  const byChallenge = new Map<string, Set<string>>();
  for (const r of rows) {
    if (weekStartAt(r.completedAt, zone) !== week || r.weeklyChallengeId === pod.lastChallengeId) continue;
    const users = byChallenge.get(r.weeklyChallengeId) ?? new Set<string>();
    users.add(r.userId);
    byChallenge.set(r.weeklyChallengeId, users);
  }
  const completed = [...byChallenge].find(([, users]) => users.size === counted.length);
  if (completed) await rise(sql, pod, { actor: e.actor, weeklyChallengeId: completed[0], week });
}

/** The week-end sweep for one pod (its own transaction): resets or covers an ended week the pod missed; true when it changed. */
export async function settlePod(sql: Sql, podId: string, now: Date): Promise<boolean> {
  const pod = await lockPod(sql, podId);
  return pod !== undefined && (await settle(sql, pod, now)) !== pod;
}

/** Pods whose streak may need settling: a streak running and no week counted since before last week. */
export async function podsToSettle(sql: Sql, now: Date): Promise<string[]> {
  // The widest zones are within ±14 h of UTC: a pod whose last week is 8+ days before now's UTC Sunday is a candidate.
  const rows = await sql.query<{ id: string }>(
    `SELECT id::text FROM pods.pod WHERE current_streak > 0 AND last_streak_week < $1::date ORDER BY id`,
    [addDays(weekStartAt(now, 'UTC'), -6)],
  );
  return rows.map((r) => r.id);
}
