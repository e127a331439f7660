import { dueReminders, localClock, type LocalClock } from '@vere/domain';
import type { ServiceContext } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail';
import { fill, pick, type MailTexts } from '../mail-texts';
import { unsubscribeToken, type MailKind } from '../unsubscribe-token';
import { backedOffIndexes } from './notification-backoff';

type Pool = ServiceContext<unknown>['pool'];

/*
 * The e-mail channel (issue 25 point 4; decision 0043): the weekly announcement and the weekly pod
 * digest, sent at the same moment as the in-app weekly announcement (the user's Sunday, at the
 * preferred minute, moved by quiet hours). Only to users whose e-mail channel is on and who did not
 * turn that mail off; (user, kind, week) at most once through `mail_delivery`'s primary key, claimed
 * before sending, so two replicas or a retried tick send nothing twice. Every mail carries a
 * one-click unsubscribe for its kind (RFC 8058).
 */

export interface MailSettings {
  mailer: Mailer;
  /** The app's public origin (links in mails; never from a request). */
  appUrl: () => string;
  /** The key unsubscribe links are signed with. */
  secret: () => Promise<Buffer>;
  texts: MailTexts;
  logger?: FastifyBaseLogger;
}

export interface MailTickResult {
  users: number;
  sent: number;
  failed: number;
}

interface Row {
  id: string;
  email: string;
  name: string;
  tz: string;
  pt: string;
  qe: boolean;
  qs: string;
  qend: string;
  wa: boolean;
  pd: boolean;
}

interface Pending {
  userId: string;
  kind: MailKind;
  period: string;
  week: number;
  row: Row;
}

interface PodLine {
  podId: string;
  podName: string;
  count: number;
  summaries: string[];
}

/** The unsubscribe page for one token (GET shows a button, POST does it). */
export const unsubscribeUrl = (appUrl: string, token: string) =>
  `${appUrl}/api/identity/mail/unsubscribe?token=${encodeURIComponent(token)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The digest lists at most this many pods, and this many moments of each. */
const DIGEST_PODS = 5;
const DIGEST_LINES = 3;

export function composeMail(
  texts: MailTexts,
  p: { kind: MailKind; week: number; name: string; appUrl: string; unsubscribe: string; pods?: PodLine[] },
): Omit<MailMessage, 'to'> {
  const t = p.kind === 'weekly_announcement' ? texts.weeklyAnnouncement : texts.podDigest;
  const pods = p.pods ?? [];
  const count = pods.reduce((sum, x) => sum + x.count, 0);
  const podNames = pods.map((x) => x.podName);
  const podList =
    podNames.length <= 1 ? (podNames[0] ?? 'your pod') : `${podNames.slice(0, -1).join(', ')} and ${podNames.at(-1)}`;
  const values = { name: p.name, count, pods: podList };
  const subject = fill(pick(t.subjects, p.week), values);
  const opening = fill(pick(t.openings, p.week), values);
  const closing = pick(t.closings, p.week);
  const link = p.kind === 'weekly_announcement' ? `${p.appUrl}/challenges` : `${p.appUrl}/pods`;
  const podText = pods.map((x) => `${x.podName} (${x.count} new)\n${x.summaries.map((s) => `  • ${s}`).join('\n')}`);
  const text = [
    opening,
    ...podText,
    closing,
    `${t.action}: ${link}`,
    '—',
    texts.footer,
    `Unsubscribe: ${p.unsubscribe}`,
  ].join('\n\n');
  const podHtml = pods
    .map(
      (x) =>
        `<h3>${escapeHtml(x.podName)} <small>(${x.count} new)</small></h3><ul>${x.summaries
          .map((s) => `<li>${escapeHtml(s)}</li>`)
          .join('')}</ul>`,
    )
    .join('');
  const html =
    `<p>${escapeHtml(opening)}</p>${podHtml}<p>${escapeHtml(closing)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><hr>` +
    `<p><small>${escapeHtml(texts.footer)}<br><a href="${escapeHtml(p.unsubscribe)}">Unsubscribe from this e-mail</a></small></p>`;
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${p.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Each user's pods with activity in the 7 days before `now`, busiest first. */
async function podActivity(pool: Pool, userIds: string[], now: Date): Promise<Map<string, PodLine[]>> {
  const { rows } = await pool.query<{
    user_id: string;
    pod_id: string;
    pod_name: string | null;
    count: number;
    summaries: string[];
  }>(
    `SELECT b.user_id, b.pod_id, max(m.pod_name) AS pod_name, sum(b.count)::int AS count,
            (array_agg(b.summary ORDER BY b.last_at DESC))[1:${DIGEST_LINES}] AS summaries
       FROM "identity"."pod_activity_batch" b
       LEFT JOIN "identity"."pod_membership" m ON m.pod_id = b.pod_id AND m.user_id = b.user_id
      WHERE b.user_id = ANY($1::uuid[]) AND b.last_at > $2::timestamptz - interval '7 days' AND b.last_at <= $2
      GROUP BY b.user_id, b.pod_id
      ORDER BY b.user_id, count DESC`,
    [userIds, now],
  );
  const byUser = new Map<string, PodLine[]>();
  for (const r of rows) {
    const list = byUser.get(r.user_id) ?? [];
    if (list.length < DIGEST_PODS)
      list.push({ podId: r.pod_id, podName: r.pod_name ?? 'your pod', count: r.count, summaries: r.summaries });
    byUser.set(r.user_id, list);
  }
  return byUser;
}

/** The zone of a user: the saved preference, else the profile's, else UTC (as the in-app tick reads it). */
const ZONE = `COALESCE(p.time_zone, u.time_zone, 'UTC')`;

export async function runMailTick(pool: Pool, mail: MailSettings, now: Date): Promise<MailTickResult> {
  // The mails go on the user's Sunday (or the Monday morning quiet hours move it to): most minutes
  // of the week no zone qualifies, and the tick reads no users at all.
  const zones = (
    await pool.query<{ tz: string }>(
      `SELECT DISTINCT ${ZONE} AS tz FROM "identity"."user" u
         LEFT JOIN "identity"."notification_preferences" p ON p.user_id = u.id`,
    )
  ).rows
    .map((r) => r.tz)
    .filter((tz) => localClock(now, tz).weekday <= 1);
  if (zones.length === 0) return { users: 0, sent: 0, failed: 0 };
  const { rows } = await pool.query<Row>(
    `SELECT u.id, u.email, COALESCE(NULLIF(btrim(u.display_name), ''), u.name) AS name,
            ${ZONE} AS tz,
            COALESCE(p.preferred_time, '09:00') AS pt,
            COALESCE(p.quiet_hours_enabled, true) AS qe,
            COALESCE(p.quiet_hours_start, '22:00') AS qs,
            COALESCE(p.quiet_hours_end, '08:00') AS qend,
            COALESCE(p.weekly_announcements AND p.email_weekly_announcements, true) AS wa,
            COALESCE(p.pod_activities AND p.email_pod_digest, true) AS pd
       FROM "identity"."user" u
       LEFT JOIN "identity"."notification_preferences" p ON p.user_id = u.id
      WHERE ${ZONE} = ANY($1::text[])
        AND COALESCE(p.channel_email, true)
        AND (COALESCE(p.weekly_announcements AND p.email_weekly_announcements, true)
             OR COALESCE(p.pod_activities AND p.email_pod_digest, true))`,
    [zones],
  );
  const clocks = new Map<string, LocalClock>();
  let pending: Pending[] = [];
  for (const r of rows) {
    let clock = clocks.get(r.tz);
    if (!clock) {
      clock = localClock(now, r.tz);
      clocks.set(r.tz, clock);
    }
    const due = dueReminders(
      {
        challengeReminders: false,
        streakReminders: false,
        weeklyAnnouncements: true,
        preferredTime: r.pt,
        quietHours: { enabled: r.qe, start: r.qs, end: r.qend },
        weeklyCompletedWeek: null,
        currentStreak: 0,
      },
      clock,
    ).find((d) => d.kind === 'weekly_announcement');
    if (!due) continue;
    if (r.wa)
      pending.push({ userId: r.id, kind: 'weekly_announcement', period: due.period, week: clock.weekNumber, row: r });
    if (r.pd) pending.push({ userId: r.id, kind: 'pod_digest', period: due.period, week: clock.weekNumber, row: r });
  }
  if (pending.length === 0) return { users: rows.length, sent: 0, failed: 0 };

  // A digest only when something happened; then back-off (decision 0055), then claim.
  const activity = await podActivity(
    pool,
    [...new Set(pending.filter((p) => p.kind === 'pod_digest').map((p) => p.userId))],
    now,
  );
  pending = pending.filter((p) => p.kind !== 'pod_digest' || (activity.get(p.userId)?.length ?? 0) > 0);
  const held = await backedOffIndexes(pool, pending, now, 'email');
  pending = pending.filter((_, i) => !held.has(i));
  if (pending.length === 0) return { users: rows.length, sent: 0, failed: 0 };
  const claimed = await pool.query<{ user_id: string; kind: string; period: string }>(
    `INSERT INTO "identity"."mail_delivery" (user_id, kind, period, sent_at)
     SELECT * , $4::timestamptz FROM unnest($1::uuid[], $2::text[], $3::text[])
     ON CONFLICT DO NOTHING
     RETURNING user_id, kind, period`,
    [pending.map((p) => p.userId), pending.map((p) => p.kind), pending.map((p) => p.period), now],
  );
  const mine = new Set(claimed.rows.map((c) => `${c.user_id}|${c.kind}|${c.period}`));
  const secret = await mail.secret();
  const appUrl = mail.appUrl();
  let sent = 0;
  let failed = 0;
  for (const p of pending) {
    if (!mine.has(`${p.userId}|${p.kind}|${p.period}`)) continue;
    const message = composeMail(mail.texts, {
      kind: p.kind,
      week: p.week,
      name: p.row.name,
      appUrl,
      unsubscribe: unsubscribeUrl(appUrl, unsubscribeToken(secret, p.userId, p.kind, now)),
      pods: activity.get(p.userId),
    });
    try {
      await mail.mailer.send({ to: p.row.email, ...message });
      sent += 1;
    } catch (err) {
      // Released, so the next tick within the catch-up hour tries again.
      failed += 1;
      mail.logger?.warn({ err, userId: p.userId, kind: p.kind }, 'a scheduled e-mail could not be sent');
      await pool.query(`DELETE FROM "identity"."mail_delivery" WHERE user_id = $1 AND kind = $2 AND period = $3`, [
        p.userId,
        p.kind,
        p.period,
      ]);
    }
  }
  return { users: rows.length, sent, failed };
}

/**
 * Development only (the dev mail page): this week's mails for one user now, whatever the day, so a
 * developer (and the e2e) can see them and use their unsubscribe links. Respects the user's e-mail
 * choices; records nothing in `mail_delivery`.
 */
export async function sendWeeklyMailsNow(pool: Pool, mail: MailSettings, userId: string, now: Date): Promise<number> {
  const { rows } = await pool.query<Row>(
    `SELECT u.id, u.email, COALESCE(NULLIF(btrim(u.display_name), ''), u.name) AS name,
            COALESCE(p.channel_email, true) AND COALESCE(p.weekly_announcements AND p.email_weekly_announcements, true) AS wa,
            COALESCE(p.channel_email, true) AND COALESCE(p.pod_activities AND p.email_pod_digest, true) AS pd
       FROM "identity"."user" u
       LEFT JOIN "identity"."notification_preferences" p ON p.user_id = u.id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return 0;
  const week = localClock(now, 'UTC').weekNumber;
  const pods = (await podActivity(pool, [userId], now)).get(userId) ?? [];
  const secret = await mail.secret();
  const appUrl = mail.appUrl();
  let sent = 0;
  for (const kind of ['weekly_announcement', 'pod_digest'] as const) {
    if (kind === 'weekly_announcement' ? !row.wa : !row.pd || pods.length === 0) continue;
    const message = composeMail(mail.texts, {
      kind,
      week,
      name: row.name,
      appUrl,
      unsubscribe: unsubscribeUrl(appUrl, unsubscribeToken(secret, userId, kind, now)),
      pods,
    });
    await mail.mailer.send({ to: row.email, ...message });
    sent += 1;
  }
  return sent;
}
