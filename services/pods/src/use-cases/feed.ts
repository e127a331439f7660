import { randomUUID } from 'node:crypto';
import {
  MemberNudged,
  PostInteraction,
  type PodComment,
  type MyNudges,
  type PodDetail,
  type PodLogPage,
  type PodNudge,
  type PodReactionCount,
  type PodReactions,
} from '@vere/contracts';
import {
  POD_COMMENTS_SHOWN,
  POD_REACTIONS,
  chatRetryAfterSeconds,
  completedThisWeek,
  nudgeDay,
  nudgeRefusal,
  podZone,
  validatePodComment,
  type PodReaction,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox, type PgTx, type Queryable } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyPod } from '../live/messages';
import { behindOnPodPlaybook } from './pod-playbooks';

/*
 * The two-way pod feed (issue 22 point 5, decision 0038): reactions and comments on log entries,
 * and nudges. Members only (404 POD_NOT_FOUND to anyone else, as every pod route); an entry hidden
 * from the viewer (its author blocked either way or reported, or the entry reported) is
 * 404 POD_LOG_ENTRY_NOT_FOUND, as an unknown one.
 */

const podNotFound = () => new AppError('POD_NOT_FOUND', 'No such pod.');
const entryNotFound = () => new AppError('POD_LOG_ENTRY_NOT_FOUND', 'That post is not in this pod’s log.');

async function requireMember(deps: PodsDeps, db: Queryable, podId: string, viewer: string): Promise<void> {
  if (!(await deps.pods.isMember(db, podId, viewer))) throw podNotFound();
}

async function requireEntry(deps: PodsDeps, db: Queryable, podId: string, entryId: string, viewer: string) {
  await requireMember(deps, db, podId, viewer);
  const entry = await deps.feed.visibleEntry(db, podId, entryId, viewer);
  if (!entry) throw entryNotFound();
  return entry;
}

/** Every kind in POD_REACTIONS order, zero when nobody gave it. */
function countsFor(rows: { kind: string; count: number; mine: boolean }[]): PodReactionCount[] {
  return POD_REACTIONS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, count: row?.count ?? 0, mine: row?.mine ?? false };
  });
}

/** Adds each entry's reactions and newest comments as `viewer` sees them. */
export async function withFeed<T extends { entries: PodLogPage['entries'] }>(
  deps: PodsDeps,
  viewer: string,
  page: T,
): Promise<T> {
  const ids = page.entries.map((e) => e.id);
  if (ids.length === 0) return page;
  const [reactions, comments] = await Promise.all([
    deps.feed.reactionsOf(deps.db, ids, viewer),
    deps.feed.commentsOf(deps.db, ids, viewer, POD_COMMENTS_SHOWN),
  ]);
  return {
    ...page,
    entries: page.entries.map((e) => ({
      ...e,
      reactions: countsFor(reactions.filter((r) => r.entryId === e.id)),
      comments: comments.filter((c) => c.entryId === e.id),
    })),
  };
}

/** NOTIFY the pod's streams that an entry's reactions or comments changed (after the commit). */
const feedChanged = (tx: PgTx, podId: string, entryId: string, actor: string, change: 'reaction' | 'comment') =>
  notifyPod(tx, { kind: 'pod-feed-updated', podId, authorId: actor, data: { entryId, change, userId: actor } });

/** pods.post.interaction.v1 for the post's author (not for one's own post), in the same unit of work. */
async function interacted(
  tx: PgTx,
  actor: string,
  post: { podId: string; entryId: string; authorId: string },
  kind: 'comment' | 'reaction',
): Promise<void> {
  if (post.authorId === actor) return;
  await writeOutbox(tx, newEvent(PostInteraction.subject, actor, { ...post, kind }));
}

/**
 * Gives (`on`) or takes back a reaction: one row per entry, member and kind (the primary key), so
 * any number of racing identical requests leave one. Idempotent both ways.
 */
export async function setReaction(
  deps: PodsDeps,
  viewer: string,
  params: { podId: string; entryId: string; kind: PodReaction },
  on: boolean,
): Promise<PodReactions> {
  const { podId, entryId, kind } = params;
  await deps.transaction(async (tx) => {
    const entry = await requireEntry(deps, tx, podId, entryId, viewer);
    const changed = on
      ? await deps.feed.addReaction(tx, entryId, viewer, kind)
      : await deps.feed.removeReaction(tx, entryId, viewer, kind);
    if (changed) await feedChanged(tx, podId, entryId, viewer, 'reaction');
    if (changed && on) await interacted(tx, viewer, { podId, entryId, authorId: entry.userId }, 'reaction');
  });
  return { entryId, reactions: countsFor(await deps.feed.reactionsOf(deps.db, [entryId], viewer)) };
}

/** Adds a comment: checked (text rule), rate-limited per author under their advisory lock, stored and announced. */
export async function addComment(
  deps: PodsDeps,
  viewer: string,
  params: { podId: string; entryId: string },
  raw: string,
): Promise<PodComment> {
  const verdict = validatePodComment(raw);
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, 'body');
  const body = raw.trim();
  return deps.transaction(async (tx) => {
    const entry = await requireEntry(deps, tx, params.podId, params.entryId, viewer);
    await deps.feed.lockCommenter(tx, viewer);
    const limit = deps.commentRateLimit;
    const wait = chatRetryAfterSeconds(limit, await deps.feed.recentComments(tx, viewer, limit.windowMs));
    if (wait !== null)
      throw new AppError('RATE_LIMITED', `You're commenting too fast. Wait ${wait} s and try again.`, 'body', wait);
    const comment = await deps.feed.insertComment(tx, {
      id: randomUUID(),
      entryId: params.entryId,
      userId: viewer,
      body,
    });
    await feedChanged(tx, params.podId, params.entryId, viewer, 'comment');
    await interacted(tx, viewer, { ...params, authorId: entry.userId }, 'comment');
    return comment;
  });
}

/** Deletes the viewer's own comment: 404 POD_COMMENT_NOT_FOUND for anything else. */
export async function deleteComment(
  deps: PodsDeps,
  viewer: string,
  params: { podId: string; entryId: string; commentId: string },
): Promise<void> {
  await deps.transaction(async (tx) => {
    await requireEntry(deps, tx, params.podId, params.entryId, viewer);
    if (!(await deps.feed.deleteComment(tx, params.commentId, params.entryId, viewer)))
      throw new AppError('POD_COMMENT_NOT_FOUND', 'No such comment of yours on this post.');
    await feedChanged(tx, params.podId, params.entryId, viewer, 'comment');
  });
}

/** The recipient's day now (their zone, UTC until known). */
async function recipientDay(deps: PodsDeps, db: Queryable, recipient: string, now: Date): Promise<string> {
  return nudgeDay(now, await deps.feed.timeZoneOf(db, recipient));
}

/**
 * Nudges a member who has not completed this week's challenge (the pod's week, as "Not yet this
 * week" shows it): once per nudger and recipient per recipient's day, enforced by the unique index
 * (`409 NUDGE_ALREADY_SENT`, whatever the number of racing requests); the event goes out through the
 * outbox in the same unit of work and the recipient's open streams hear it after the commit.
 */
export async function nudgeMember(
  deps: PodsDeps,
  viewer: string,
  params: { podId: string; userId: string; playbookId?: string },
): Promise<PodNudge> {
  const { podId, userId: recipient, playbookId } = params;
  if (recipient === viewer) throw new AppError('CANNOT_TARGET_SELF', 'You can’t nudge yourself.');
  return deps.transaction(async (tx) => {
    await requireMember(deps, tx, podId, viewer);
    // A hidden member (a block either way, a report) cannot be nudged: as if not there.
    if (!(await deps.pods.isMember(tx, podId, recipient)) || (await deps.live.isHidden(tx, viewer, recipient)))
      throw new AppError('POD_MEMBER_NOT_FOUND', 'That person is not a member of this pod.');
    const now = deps.clock();
    if (playbookId !== undefined) {
      // About the pod playbook (decision 0041): only a member who has not finished its open week.
      if (!(await behindOnPodPlaybook(deps, tx, podId, playbookId, recipient)))
        throw new AppError('MEMBER_ALREADY_DONE', 'They already finished this week of the playbook.');
    } else {
      const completions = await deps.pods.recentMemberCompletions(tx, podId, now);
      const done = completedThisWeek(completions, now, podZone(completions[0]?.timeZone)).has(recipient);
      if (nudgeRefusal(viewer, recipient, done) === 'done')
        throw new AppError('MEMBER_ALREADY_DONE', 'They already completed this week’s challenge.');
    }
    const day = await recipientDay(deps, tx, recipient, now);
    const nudge = await deps.feed.insertNudge(tx, {
      id: randomUUID(),
      podId,
      nudgerId: viewer,
      recipientId: recipient,
      day,
    });
    if (!nudge) throw new AppError('NUDGE_ALREADY_SENT', 'You already nudged them today. Try again tomorrow.');
    await writeOutbox(tx, newEvent(MemberNudged.subject, viewer, { podId, recipientId: recipient, day }));
    await notifyPod(tx, {
      kind: 'pod-nudged',
      podId,
      authorId: viewer,
      onlyFor: [recipient, viewer],
      data: { nudgerId: viewer, recipientId: recipient, day, createdAt: nudge.createdAt.toISOString() },
    });
    return { podId, recipientId: recipient, day, createdAt: nudge.createdAt.toISOString() };
  });
}

/** The pod page's feed parts: nudges the viewer got today, and which members they already nudged today. */
export async function withNudges(deps: PodsDeps, viewer: string, pod: PodDetail): Promise<PodDetail> {
  const now = deps.clock();
  const others = pod.members.filter((m) => m.id !== viewer && !m.hidden);
  const zones = await deps.feed.timeZonesOf(deps.db, [viewer, ...others.map((m) => m.id)]);
  const myDay = nudgeDay(now, zones.get(viewer));
  const targets = others.map((m) => ({ recipientId: m.id, day: nudgeDay(now, zones.get(m.id)) }));
  const [received, nudged] = await Promise.all([
    deps.feed.nudgesTo(deps.db, pod.id, viewer, myDay),
    deps.feed.nudgedBy(deps.db, viewer, targets),
  ]);
  return {
    ...pod,
    members: pod.members.map((m) => (m.id === viewer || m.hidden ? m : { ...m, nudgedByYouToday: nudged.has(m.id) })),
    nudges: received.map((n) => ({ from: n.from, createdAt: n.createdAt.toISOString() })),
  };
}

/**
 * The nudges the user got today (their day), for the Connect hub: in pods they are still in and have
 * not completed this week's challenge for (the pod's week), newest first.
 */
export async function myNudges(deps: PodsDeps, viewer: string): Promise<MyNudges> {
  const now = deps.clock();
  const nudges = await deps.feed.nudgesToday(deps.db, viewer, await recipientDay(deps, deps.db, viewer, now));
  const podIds = [...new Set(nudges.map((n) => n.podId))];
  const done = new Set<string>();
  for (const podId of podIds) {
    const completions = await deps.pods.recentMemberCompletions(deps.db, podId, now);
    if (completedThisWeek(completions, now, podZone(completions[0]?.timeZone)).has(viewer)) done.add(podId);
  }
  return {
    nudges: nudges
      .filter((n) => !done.has(n.podId))
      .map((n) => ({ podId: n.podId, podName: n.podName, from: n.from, createdAt: n.createdAt.toISOString() })),
  };
}
