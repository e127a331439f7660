import { BACKOFF_HISTORY, backedOff, type Delivery } from '@vere/domain';
import type { ServiceContext } from '@vere/service-kit';

type Pool = ServiceContext<unknown>['pool'];

/*
 * The back-off of decision 0055 applied to a tick's candidates: the newest deliveries of each
 * (user, kind) are read in one statement, and the pure rule (libs/domain notification-backoff.ts)
 * holds back the kinds the user keeps ignoring.
 */

export interface Candidate {
  userId: string;
  kind: string;
}

const key = (userId: string, kind: string) => `${userId}|${kind}`;

/** In-app deliveries: a centre item, read or not. */
async function inAppHistory(pool: Pool, pairs: Candidate[], now: Date): Promise<Map<string, Delivery[]>> {
  const { rows } = await pool.query<{ user_id: string; kind: string; created_at: Date; read: boolean }>(
    `SELECT user_id, kind, created_at, read FROM (
       SELECT n.user_id, n.kind, n.created_at, n.read_at IS NOT NULL AS read,
              row_number() OVER (PARTITION BY n.user_id, n.kind ORDER BY n.created_at DESC) AS rn
         FROM unnest($1::uuid[], $2::text[]) AS c(user_id, kind)
         JOIN "identity"."notification" n ON n.user_id = c.user_id AND n.kind = c.kind AND n.created_at < $3
     ) h WHERE rn <= $4
     ORDER BY user_id, kind, created_at DESC`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.kind), now, BACKOFF_HISTORY],
  );
  return group(rows.map((r) => ({ k: key(r.user_id, r.kind), d: { at: r.created_at, read: r.read } })));
}

/**
 * E-mail deliveries: a mail is "read" when the user read the matching centre item (the week's
 * announcement), or any pod item in the week after a digest. Mail itself is not tracked (no pixels).
 */
async function mailHistory(pool: Pool, pairs: Candidate[], now: Date): Promise<Map<string, Delivery[]>> {
  const { rows } = await pool.query<{ user_id: string; kind: string; sent_at: Date; read: boolean }>(
    `SELECT user_id, kind, sent_at,
            CASE kind
              WHEN 'weekly_announcement' THEN EXISTS (
                SELECT 1 FROM "identity"."notification" n
                 WHERE n.user_id = h.user_id AND n.kind = 'weekly_announcement' AND n.dedupe_key = h.period
                   AND n.read_at IS NOT NULL)
              ELSE EXISTS (
                SELECT 1 FROM "identity"."notification" n
                 WHERE n.user_id = h.user_id AND n.kind = 'pod_activity'
                   AND n.read_at >= h.sent_at AND n.read_at < h.sent_at + interval '7 days')
            END AS read
       FROM (
         SELECT d.user_id, d.kind, d.period, d.sent_at,
                row_number() OVER (PARTITION BY d.user_id, d.kind ORDER BY d.sent_at DESC) AS rn
           FROM unnest($1::uuid[], $2::text[]) AS c(user_id, kind)
           JOIN "identity"."mail_delivery" d ON d.user_id = c.user_id AND d.kind = c.kind AND d.sent_at < $3
       ) h WHERE rn <= $4
      ORDER BY user_id, kind, sent_at DESC`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.kind), now, BACKOFF_HISTORY],
  );
  return group(rows.map((r) => ({ k: key(r.user_id, r.kind), d: { at: r.sent_at, read: r.read } })));
}

function group(rows: { k: string; d: Delivery }[]): Map<string, Delivery[]> {
  const byKey = new Map<string, Delivery[]>();
  for (const { k, d } of rows) {
    const list = byKey.get(k);
    if (list) list.push(d);
    else byKey.set(k, [d]);
  }
  return byKey;
}

/** The indexes of `candidates` the back-off holds back at `now` (in-app or e-mail deliveries). */
export async function backedOffIndexes(
  pool: Pool,
  candidates: Candidate[],
  now: Date,
  channel: 'in_app' | 'email',
): Promise<Set<number>> {
  const held = new Set<number>();
  const ruled = candidates.filter((c) => c.kind !== 'streak_at_risk');
  if (ruled.length === 0) return held;
  const history = channel === 'in_app' ? await inAppHistory(pool, ruled, now) : await mailHistory(pool, ruled, now);
  candidates.forEach((c, i) => {
    if (backedOff(c.kind, history.get(key(c.userId, c.kind)) ?? [], now)) held.add(i);
  });
  return held;
}
