import { randomBytes, randomUUID } from 'node:crypto';
import {
  MemberJoined, type CreatePodBody, type InvitePreview, type JoinResult, type PodDetail, type PodInvite, type PodLogPage,
  type UpdatePodBody,
} from '@vere/contracts';
import { AppError, newEvent, pgTransaction } from '@vere/service-kit';
import type pg from 'pg';
import { blocksBetween } from '../repositories/friends-repository';
import {
  activeInvites, deleteMember, deletePod, insertInvite, insertMember, insertPod, isMember, lockCreator, logEntryForMember, logPage,
  completedThisWeek, memberCount, membersOf, podByInvite, podForMember, revokeInvites, updatePod, type PodRow,
} from '../repositories/pod-store';
import { writeEvent, type Queryable } from '../repositories/sql';
import { clientSql, recheckPodStreak } from '../repositories/streak-store';
import { standingOf } from '../repositories/standing-repository';
import { memberCap, podCreationCap } from './pod-rules';
import type { ReportTargetResolver } from './safety';

/** A short-lived signed link to a proof photo (the storage layer's, with the key quests' links use). */
export type PhotoUrl = (photoId: string) => Promise<string>;

export interface PodsDeps {
  pool: pg.Pool;
  onEvents: () => void;
  /** Absent: entries carry the photo's id only. */
  photoUrl?: PhotoUrl;
  /** The time the streak rules use (tests control it); default the system clock. */
  clock?: () => Date;
}

/** Adds each entry's signed photo link (shown to members only: callers have checked membership). */
export async function withPhotoUrls<T extends { entries: PodLogPage['entries'] }>(photoUrl: PhotoUrl | undefined, page: T): Promise<T> {
  if (!photoUrl) return page;
  const entries = await Promise.all(page.entries.map(async (e) => ({ ...e, proofPhotoUrl: e.proofPhotoId ? await photoUrl(e.proofPhotoId) : null })));
  return { ...page, entries };
}

const notFound = () => new AppError('POD_NOT_FOUND', 'No such pod.');
const inviteNotFound = () => new AppError('INVITE_NOT_FOUND', 'This invite link is not valid. Ask for a new one.');

/** 144 random bits, base64url (24 characters): unguessable. */
export const newInviteCode = () => randomBytes(18).toString('base64url');

function cleanName(raw: string): string {
  const name = raw.trim();
  if (name.length < 1 || name.length > 50) throw new AppError('VALIDATION_FAILED', 'A pod name has 1 to 50 characters.', 'name');
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

async function memberCapOf(db: Queryable, creator: string): Promise<number> {
  return memberCap(await standingOf(db, creator));
}

/** The pod as a member sees it; anyone else gets 404 (not 403: a pod's existence is not told). */
async function podOf(db: Queryable, podId: string, viewer: string): Promise<PodRow> {
  const pod = await podForMember(db, podId, viewer);
  if (!pod) throw notFound();
  return pod;
}

/** Creator-only actions: 404 to non-members, 403 to members. */
async function podOfCreator(db: Queryable, podId: string, viewer: string): Promise<PodRow> {
  const pod = await podOf(db, podId, viewer);
  if (pod.createdBy !== viewer) throw new AppError('FORBIDDEN', 'Only the pod’s creator can do that.');
  return pod;
}

export async function readLog(db: Queryable, podId: string, viewer: string, query: { cursor?: string; limit?: number }): Promise<PodLogPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  await podOf(db, podId, viewer);
  return logOf(db, podId, viewer, before, query.limit ?? 20);
}

async function logOf(db: Queryable, podId: string, viewer: string, before: { createdAt: Date; id: string } | undefined, limit: number): Promise<PodLogPage> {
  const { rows, more } = await logPage(db, podId, viewer, before, limit);
  const last = rows[rows.length - 1];
  return { entries: rows.map(({ at: _at, ...e }) => e), nextCursor: more && last ? encodeCursor(last.at, last.id) : null };
}

export async function getPod(db: Queryable, podId: string, viewer: string, now: Date = new Date()): Promise<PodDetail> {
  const pod = await podOf(db, podId, viewer);
  const isCreator = pod.createdBy === viewer;
  const [members, log, cap, invites, done] = await Promise.all([
    membersOf(db, pod.id, pod.createdBy),
    logOf(db, pod.id, viewer, undefined, 20),
    memberCapOf(db, pod.createdBy),
    isCreator ? activeInvites(db, pod.id) : Promise.resolve([]),
    completedThisWeek(db, pod.id, now),
  ]);
  return {
    id: pod.id, name: pod.name, description: pod.description, createdBy: pod.createdBy, isCreator, currentStreak: pod.currentStreak, saves: pod.saves,
    memberCount: members.length, memberCap: cap, createdAt: pod.createdAt.toISOString(),
    members: members.map((m) => ({ ...m, completedThisWeek: done.has(m.id) })), log, invites,
  };
}

/**
 * Creates a pod with its creator as first member and a first invite code. The creation cap is
 * checked and the pod inserted under a per-creator lock, so concurrent creates cannot exceed it.
 */
export async function createPod(deps: PodsDeps, userId: string, body: CreatePodBody): Promise<PodDetail> {
  const name = cleanName(body.name);
  const description = cleanDescription(body.description);
  const podId = randomUUID();
  await pgTransaction(deps.pool)(async (tx) => {
    await lockCreator(tx, userId);
    const standing = await standingOf(tx, userId);
    const cap = podCreationCap(standing);
    if (cap !== null && standing.podsCreated >= cap) {
      throw new AppError('POD_CREATION_LIMIT_REACHED', cap === 1
        ? 'You can have 1 pod of your own. Reach level 10 for 3, or go Pro for unlimited pods.'
        : `You can have ${cap} pods of your own. Go Pro for unlimited pods.`);
    }
    await insertPod(tx, { id: podId, name, description, createdBy: userId });
    await insertInvite(tx, podId, newInviteCode(), userId, null);
    await writeEvent(tx, newEvent(MemberJoined.subject, userId, { podId, via: 'created' as const, memberCount: 1 }));
  });
  deps.onEvents();
  return getPod(deps.pool, podId, userId, deps.clock?.());
}

export async function updatePodDetails(deps: PodsDeps, podId: string, viewer: string, body: UpdatePodBody): Promise<PodDetail> {
  const name = body.name === undefined ? undefined : cleanName(body.name);
  const description = body.description === undefined ? undefined : cleanDescription(body.description);
  await podOfCreator(deps.pool, podId, viewer);
  await updatePod(deps.pool, podId, { name, description });
  return getPod(deps.pool, podId, viewer, deps.clock?.());
}

export async function removePod(deps: PodsDeps, podId: string, viewer: string): Promise<void> {
  await podOfCreator(deps.pool, podId, viewer);
  await deletePod(deps.pool, podId);
}

export async function leavePod(deps: PodsDeps, podId: string, viewer: string): Promise<void> {
  const pod = await podOf(deps.pool, podId, viewer);
  if (pod.createdBy === viewer) throw new AppError('POD_CREATOR_CANNOT_LEAVE', 'You created this pod: delete it instead of leaving.');
  await withoutMember(deps, podId, viewer, viewer);
}

/**
 * Takes `member` out of the pod and re-checks this week's streak in the same transaction: the
 * remaining members may all have completed already (then the streak rises now, not at a later
 * completion that may never come). Answers false when they were not a member.
 */
async function withoutMember(deps: PodsDeps, podId: string, member: string, actor: string): Promise<boolean> {
  const now = (deps.clock ?? (() => new Date()))();
  const removed = await pgTransaction(deps.pool)(async (tx) => {
    if (!(await deleteMember(tx, podId, member))) return false;
    await recheckPodStreak(clientSql(tx), podId, { actor, now });
    return true;
  });
  if (removed) deps.onEvents();
  return removed;
}

export async function removeMember(deps: PodsDeps, podId: string, viewer: string, member: string): Promise<void> {
  await podOfCreator(deps.pool, podId, viewer);
  if (member === viewer) throw new AppError('POD_CREATOR_CANNOT_LEAVE', 'You created this pod: delete it instead of leaving.', 'userId');
  if (!(await withoutMember(deps, podId, member, viewer))) throw new AppError('POD_MEMBER_NOT_FOUND', 'Not a member of this pod.', 'userId');
}

const expiry = (hours: number | undefined) => (hours === undefined ? null : new Date(Date.now() + hours * 3_600_000));

export async function createInvite(deps: PodsDeps, podId: string, viewer: string, hours: number | undefined): Promise<PodInvite> {
  await podOfCreator(deps.pool, podId, viewer);
  return insertInvite(deps.pool, podId, newInviteCode(), viewer, expiry(hours));
}

/** Revokes every code of the pod and gives out a new one, in one transaction. */
export async function rotateInvite(deps: PodsDeps, podId: string, viewer: string, hours: number | undefined): Promise<PodInvite> {
  await podOfCreator(deps.pool, podId, viewer);
  return pgTransaction(deps.pool)(async (tx) => {
    await revokeInvites(tx, podId, null);
    return insertInvite(tx, podId, newInviteCode(), viewer, expiry(hours));
  });
}

export async function revokeInvite(deps: PodsDeps, podId: string, viewer: string, code: string): Promise<void> {
  await podOfCreator(deps.pool, podId, viewer);
  if ((await revokeInvites(deps.pool, podId, code)) === 0) throw inviteNotFound();
}

/** An invite is unusable when unknown, revoked, or across a block with the pod's creator (either way). */
async function usableInvite(db: Queryable, code: string, viewer: string, forUpdate: boolean) {
  const pod = await podByInvite(db, code, forUpdate);
  if (!pod || pod.revoked) throw inviteNotFound();
  const blocks = await blocksBetween(db, viewer, pod.createdBy);
  if (blocks.viewerBlocked || blocks.otherBlocked) throw inviteNotFound();
  return pod;
}

const expired = () => new AppError('INVITE_EXPIRED', 'This invite link has expired. Ask for a new one.');

export async function previewInvite(db: Queryable, code: string, viewer: string): Promise<InvitePreview> {
  const pod = await usableInvite(db, code, viewer, false);
  const member = await isMember(db, pod.id, viewer);
  if (pod.expired && !member) throw expired();
  const [count, cap, creator] = await Promise.all([
    memberCount(db, pod.id),
    memberCapOf(db, pod.createdBy),
    membersOf(db, pod.id, pod.createdBy).then((ms) => ms.find((m) => m.isCreator)),
  ]);
  const { isCreator: _c, joinedAt: _j, ...creatorCard } = creator ?? {
    id: pod.createdBy, name: 'Vere user', username: null, photoUrl: null, avatarConfig: null, level: 1, isCreator: true, joinedAt: '',
  };
  return {
    podId: pod.id, name: pod.name, description: pod.description, creator: creatorCard, memberCount: count, memberCap: cap,
    isMember: member, expiresAt: pod.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Joins with a code. The pod row is locked first, then a fresh statement counts the members, so
 * concurrent joins into one pod are admitted one at a time and never exceed the cap.
 */
export async function joinByCode(deps: PodsDeps, code: string, viewer: string): Promise<JoinResult> {
  const result = await pgTransaction(deps.pool)(async (tx) => {
    const pod = await usableInvite(tx, code, viewer, true);
    if (await isMember(tx, pod.id, viewer)) return { podId: pod.id, joined: false };
    if (pod.expired) throw expired();
    const [count, cap] = [await memberCount(tx, pod.id), await memberCapOf(tx, pod.createdBy)];
    if (count >= cap) throw new AppError('POD_FULL', `This pod is full (${cap} members).`);
    await insertMember(tx, pod.id, viewer);
    await writeEvent(tx, newEvent(MemberJoined.subject, viewer, { podId: pod.id, via: 'invite' as const, memberCount: count + 1 }));
    return { podId: pod.id, joined: true };
  });
  if (result.joined) deps.onEvents();
  return result;
}

/** A pod log entry report: the entry must be in a pod the reporter belongs to, and not their own. */
export const resolvePodLogTarget: ReportTargetResolver = async (db, reporter, body) => {
  if (body.kind !== 'pod_log') return undefined;
  const entry = await logEntryForMember(db, body.targetId, reporter);
  if (!entry) return undefined;
  if (entry.userId === reporter) throw new AppError('CANNOT_TARGET_SELF', 'You cannot report your own entry.', 'targetId');
  return { reportedUserId: entry.userId, podId: entry.podId };
};
