import { randomBytes, randomUUID } from 'node:crypto';
import {
  MemberJoined,
  MemberLeft,
  type CreatePodBody,
  type InvitePreview,
  type JoinResult,
  type PodDetail,
  type PodInvite,
  type PodLogPage,
  type PodMember,
  type UpdatePodBody,
} from '@vere/contracts';
import {
  POD_NAME_MAX,
  POD_NAME_MIN,
  POD_NAME_RULE,
  asHiddenMember,
  completedThisWeek,
  memberCap,
  podCreationCap,
  podCreationLimitMessage,
  podZone,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox, type Queryable } from '@vere/service-kit';
import type { PhotoUrl, PodsDeps } from '../deps';
import type { PodRow } from '../repositories/pods-repository';
import { withFeed, withNudges } from './feed';
import { recheckPodStreak } from './pod-streak';
import type { ReportTargetResolver } from './safety';

/** Adds each entry's signed photo link (shown to members only: callers have checked membership). */
export async function withPhotoUrls<T extends { entries: PodLogPage['entries'] }>(
  photoUrl: PhotoUrl | undefined,
  page: T,
): Promise<T> {
  if (!photoUrl) return page;
  const entries = await Promise.all(
    page.entries.map(async (e) => ({ ...e, proofPhotoUrl: e.proofPhotoId ? await photoUrl(e.proofPhotoId) : null })),
  );
  return { ...page, entries };
}

const notFound = () => new AppError('POD_NOT_FOUND', 'No such pod.');
const inviteNotFound = () => new AppError('INVITE_NOT_FOUND', 'This invite link is not valid. Ask for a new one.');
const expired = () => new AppError('INVITE_EXPIRED', 'This invite link has expired. Ask for a new one.');
const creatorCannotLeave = (field?: string) =>
  new AppError('POD_CREATOR_CANNOT_LEAVE', 'You created this pod: delete it instead of leaving.', field);

/** 144 random bits, base64url (24 characters): unguessable. */
export const newInviteCode = () => randomBytes(18).toString('base64url');

function cleanName(raw: string): string {
  const name = raw.trim();
  if (name.length < POD_NAME_MIN || name.length > POD_NAME_MAX)
    throw new AppError('VALIDATION_FAILED', POD_NAME_RULE, 'name');
  return name;
}
const cleanDescription = (raw: string | null | undefined) => (raw == null ? null : raw.trim() || null);

/** Cursor of the log feed: the last entry's time and id, base64url. */
const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this feed gave out.', 'cursor');
  }
  return { createdAt, id };
}

async function memberCapOf(deps: PodsDeps, db: Queryable, creator: string): Promise<number> {
  return memberCap(await deps.readModels.standingOf(db, creator));
}

/** The pod as a member sees it; anyone else gets 404 (not 403: a pod's existence is not told). */
async function podOf(deps: PodsDeps, db: Queryable, podId: string, viewer: string): Promise<PodRow> {
  const pod = await deps.pods.podForMember(db, podId, viewer);
  if (!pod) throw notFound();
  return pod;
}

/** Creator-only actions: 404 to non-members, 403 to members. */
async function podOfCreator(deps: PodsDeps, db: Queryable, podId: string, viewer: string): Promise<PodRow> {
  const pod = await podOf(deps, db, podId, viewer);
  if (pod.createdBy !== viewer) throw new AppError('FORBIDDEN', 'Only the pod’s creator can do that.');
  return pod;
}

export async function readLog(
  deps: PodsDeps,
  podId: string,
  viewer: string,
  query: { cursor?: string; limit?: number },
): Promise<PodLogPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  await podOf(deps, deps.db, podId, viewer);
  const page = await logOf(deps, podId, viewer, before, query.limit ?? 20);
  return withFeed(deps, viewer, await withPhotoUrls(deps.photoUrl, page));
}

async function logOf(
  deps: PodsDeps,
  podId: string,
  viewer: string,
  before: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<PodLogPage> {
  const { rows, more } = await deps.pods.logPage(deps.db, podId, viewer, before, limit);
  const last = rows[rows.length - 1];
  return {
    entries: rows.map(({ at: _at, ...e }) => e),
    nextCursor: more && last ? encodeCursor(last.at, last.id) : null,
  };
}

/** The pod page: members (who completed this week, in the pod's week), the newest log entries, the creator's invites. */
export async function getPod(deps: PodsDeps, podId: string, viewer: string): Promise<PodDetail> {
  const db = deps.db;
  const pod = await podOf(deps, db, podId, viewer);
  const isCreator = pod.createdBy === viewer;
  const now = deps.clock();
  const [members, log, cap, invites, completions] = await Promise.all([
    membersSeenBy(deps, db, pod.id, pod.createdBy, viewer),
    logOf(deps, pod.id, viewer, undefined, 20),
    memberCapOf(deps, db, pod.createdBy),
    isCreator ? deps.pods.activeInvites(db, pod.id) : Promise.resolve([]),
    deps.pods.recentMemberCompletions(db, pod.id, now),
  ]);
  const done = completedThisWeek(completions, now, podZone(completions[0]?.timeZone));
  return {
    id: pod.id,
    name: pod.name,
    description: pod.description,
    createdBy: pod.createdBy,
    isCreator,
    currentStreak: pod.currentStreak,
    saves: pod.saves,
    memberCount: members.length,
    memberCap: cap,
    createdAt: pod.createdAt.toISOString(),
    members: members.map((m) => ({ ...m, completedThisWeek: done.has(m.id) })),
    log,
    invites,
  };
}

/** The pod's members as `viewer` sees them: one hidden from them is only a hidden member (decision 0035). */
async function membersSeenBy(
  deps: PodsDeps,
  db: Queryable,
  podId: string,
  creator: string,
  viewer: string,
): Promise<(PodMember & { hidden: boolean })[]> {
  const members = await deps.pods.membersOf(db, podId, creator, viewer);
  return members.map((m) => (m.hidden ? asHiddenMember(m) : m));
}

/** The pod page with the log's signed photo links. */
export async function showPod(deps: PodsDeps, podId: string, viewer: string): Promise<PodDetail> {
  const pod = await getPod(deps, podId, viewer);
  const log = await withFeed(deps, viewer, await withPhotoUrls(deps.photoUrl, pod.log));
  return withNudges(deps, viewer, { ...pod, log });
}

/**
 * Creates a pod with its creator as first member and a first invite code. The creation cap is
 * checked and the pod inserted under a per-creator lock, so concurrent creates cannot exceed it.
 */
export async function createPod(deps: PodsDeps, userId: string, body: CreatePodBody): Promise<PodDetail> {
  const name = cleanName(body.name);
  const description = cleanDescription(body.description);
  const podId = randomUUID();
  await deps.transaction(async (tx) => {
    await deps.pods.lockCreator(tx, userId);
    const standing = await deps.readModels.standingOf(tx, userId);
    const cap = podCreationCap(standing);
    if (cap !== null && standing.podsCreated >= cap)
      throw new AppError('POD_CREATION_LIMIT_REACHED', podCreationLimitMessage({ ...standing, cap }));
    await deps.pods.insertPod(tx, { id: podId, name, description, createdBy: userId });
    await deps.pods.insertInvite(tx, podId, newInviteCode(), userId, null);
    await writeOutbox(
      tx,
      newEvent(MemberJoined.subject, userId, { podId, via: 'created' as const, memberCount: 1, podName: name }),
    );
  });
  return getPod(deps, podId, userId);
}

export async function updatePodDetails(
  deps: PodsDeps,
  podId: string,
  viewer: string,
  body: UpdatePodBody,
): Promise<PodDetail> {
  const name = body.name === undefined ? undefined : cleanName(body.name);
  const description = body.description === undefined ? undefined : cleanDescription(body.description);
  await deps.transaction(async (tx) => {
    await podOfCreator(deps, tx, podId, viewer);
    await deps.pods.updatePod(tx, podId, { name, description });
  });
  return getPod(deps, podId, viewer);
}

export async function removePod(deps: PodsDeps, podId: string, viewer: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await podOfCreator(deps, tx, podId, viewer);
    const members = await deps.pods.memberIds(tx, podId);
    await deps.pods.deletePod(tx, podId);
    for (const member of members)
      await writeOutbox(tx, newEvent(MemberLeft.subject, member, { podId, reason: 'pod_deleted' as const }));
  });
}

export async function leavePod(deps: PodsDeps, podId: string, viewer: string): Promise<void> {
  const pod = await podOf(deps, deps.db, podId, viewer);
  if (pod.createdBy === viewer) throw creatorCannotLeave();
  await withoutMember(deps, podId, viewer, viewer);
}

/**
 * Takes `member` out of the pod and re-checks this week's streak in the same unit of work: the
 * remaining members may all have completed already (then the streak rises now, not at a later
 * completion that may never come). Answers false when they were not a member.
 */
async function withoutMember(deps: PodsDeps, podId: string, member: string, actor: string): Promise<boolean> {
  const now = deps.clock();
  return deps.transaction(async (tx) => {
    if (!(await deps.pods.deleteMember(tx, podId, member))) return false;
    const reason = member === actor ? ('left' as const) : ('removed' as const);
    await writeOutbox(tx, newEvent(MemberLeft.subject, member, { podId, reason }));
    await recheckPodStreak(deps, tx, podId, { actor, now });
    return true;
  });
}

export async function removeMember(deps: PodsDeps, podId: string, viewer: string, member: string): Promise<void> {
  await podOfCreator(deps, deps.db, podId, viewer);
  if (member === viewer) throw creatorCannotLeave('userId');
  if (!(await withoutMember(deps, podId, member, viewer)))
    throw new AppError('POD_MEMBER_NOT_FOUND', 'Not a member of this pod.', 'userId');
}

const expiry = (hours: number | undefined) => (hours === undefined ? null : new Date(Date.now() + hours * 3_600_000));

export async function createInvite(
  deps: PodsDeps,
  podId: string,
  viewer: string,
  hours: number | undefined,
): Promise<PodInvite> {
  return deps.transaction(async (tx) => {
    await podOfCreator(deps, tx, podId, viewer);
    return deps.pods.insertInvite(tx, podId, newInviteCode(), viewer, expiry(hours));
  });
}

/** Revokes every code of the pod and gives out a new one, in one unit of work. */
export async function rotateInvite(
  deps: PodsDeps,
  podId: string,
  viewer: string,
  hours: number | undefined,
): Promise<PodInvite> {
  return deps.transaction(async (tx) => {
    await podOfCreator(deps, tx, podId, viewer);
    await deps.pods.revokeInvites(tx, podId, null);
    return deps.pods.insertInvite(tx, podId, newInviteCode(), viewer, expiry(hours));
  });
}

export async function revokeInvite(deps: PodsDeps, podId: string, viewer: string, code: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await podOfCreator(deps, tx, podId, viewer);
    if ((await deps.pods.revokeInvites(tx, podId, code)) === 0) throw inviteNotFound();
  });
}

/** An invite is unusable when unknown, revoked, or across a block with the pod's creator (either way). */
async function usableInvite(deps: PodsDeps, db: Queryable, code: string, viewer: string, forUpdate: boolean) {
  const pod = await deps.pods.podByInvite(db, code, forUpdate);
  if (!pod || pod.revoked) throw inviteNotFound();
  const blocks = await deps.friends.blocksBetween(db, viewer, pod.createdBy);
  if (blocks.viewerBlocked || blocks.otherBlocked) throw inviteNotFound();
  return pod;
}

export async function previewInvite(deps: PodsDeps, code: string, viewer: string): Promise<InvitePreview> {
  const db = deps.db;
  const pod = await usableInvite(deps, db, code, viewer, false);
  const member = await deps.pods.isMember(db, pod.id, viewer);
  if (pod.expired && !member) throw expired();
  const [count, cap, creator] = await Promise.all([
    deps.pods.memberCount(db, pod.id),
    memberCapOf(deps, db, pod.createdBy),
    membersSeenBy(deps, db, pod.id, pod.createdBy, viewer).then((ms) => ms.find((m) => m.isCreator)),
  ]);
  const {
    isCreator: _c,
    joinedAt: _j,
    hidden: _h,
    ...creatorCard
  } = creator ?? {
    id: pod.createdBy,
    name: 'Vere user',
    username: null,
    photoUrl: null,
    avatarConfig: null,
    level: 1,
    isCreator: true,
    joinedAt: '',
  };
  return {
    podId: pod.id,
    name: pod.name,
    description: pod.description,
    creator: creatorCard,
    memberCount: count,
    memberCap: cap,
    isMember: member,
    expiresAt: pod.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Joins with a code. The pod row is locked first, then a fresh statement counts the members, so
 * concurrent joins into one pod are admitted one at a time and never exceed the cap.
 */
export async function joinByCode(deps: PodsDeps, code: string, viewer: string): Promise<JoinResult> {
  return deps.transaction(async (tx) => {
    const pod = await usableInvite(deps, tx, code, viewer, true);
    if (await deps.pods.isMember(tx, pod.id, viewer)) return { podId: pod.id, joined: false };
    if (pod.expired) throw expired();
    const count = await deps.pods.memberCount(tx, pod.id);
    const cap = await memberCapOf(deps, tx, pod.createdBy);
    if (count >= cap) throw new AppError('POD_FULL', `This pod is full (${cap} members).`);
    await deps.pods.insertMember(tx, pod.id, viewer);
    await writeOutbox(
      tx,
      newEvent(MemberJoined.subject, viewer, {
        podId: pod.id,
        via: 'invite' as const,
        memberCount: count + 1,
        podName: pod.name,
      }),
    );
    return { podId: pod.id, joined: true };
  });
}

/** A pod log entry report: the entry must be in a pod the reporter belongs to, and not their own. */
export const resolvePodLogTarget: ReportTargetResolver = async (deps, db, reporter, body) => {
  if (body.kind !== 'pod_log') return undefined;
  const entry = await deps.pods.logEntryForMember(db, body.targetId, reporter);
  if (!entry) return undefined;
  if (entry.userId === reporter)
    throw new AppError('CANNOT_TARGET_SELF', 'You cannot report your own entry.', 'targetId');
  return { reportedUserId: entry.userId, podId: entry.podId };
};
