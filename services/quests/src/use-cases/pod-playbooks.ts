import {
  PlaybookShared,
  PodPlaybookChanged,
  type MemberJoinedPayload,
  type MemberLeftPayload,
  type PodPlaybookRun,
  type SharePlaybookResult,
  type StartPodPlaybookBody,
} from '@vere/contracts';
import {
  currentWeekIndex,
  playbookAccess,
  podWeekLockedSentence,
  podWeekOpens,
  type PodPlaybookMode,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox, type PgTx, type Queryable } from '@vere/service-kit';
import type { PlaybookDefinition } from '../playbook-catalogue';
import type { PodPlaybookRow } from '../repositories/pod-playbooks-repository';
import { dayContext } from './day-context';
import type { QuestsDeps } from './deps';

/*
 * Pod playbooks (issue 23 point 5, decision 0041, as amended): quests owns the pod's run and its week
 * gate, because the gate is checked where a member completes a step, in that step's transaction.
 * Who is in a pod comes from quests' read model of pods' membership events.
 */

const POD_NOT_FOUND = () => new AppError('POD_NOT_FOUND', 'Pod not found');
const RUN_NOT_FOUND = () => new AppError('POD_PLAYBOOK_NOT_FOUND', 'This pod is not running that playbook.');
const PLAYBOOK_NOT_FOUND = () => new AppError('PLAYBOOK_NOT_FOUND', 'Playbook not found');

const toRun = (deps: QuestsDeps, r: PodPlaybookRow): PodPlaybookRun => {
  const def = deps.playbookCatalogue.version(r.playbookId, r.version) ?? deps.playbookCatalogue.latest(r.playbookId)!;
  return {
    podId: r.podId,
    playbookId: r.playbookId,
    version: r.version,
    title: def.title,
    weeks: def.weeks.length,
    mode: r.mode,
    openWeek: r.openWeek,
    startedAt: new Date(r.startedAt).toISOString(),
  };
};

async function writeChanged(
  deps: QuestsDeps,
  tx: PgTx,
  actor: string,
  r: PodPlaybookRow,
  reason: 'started' | 'week_opened' | 'mode_changed',
) {
  const run = toRun(deps, r);
  await writeOutbox(
    tx,
    newEvent(PodPlaybookChanged.subject, actor, {
      ...run,
      startedBy: r.startedBy,
      revision: r.revision,
      reason,
    }),
  );
}

/** Weeks each given member has finished (in order), by the version their own progress is pinned to. */
async function weeksFinished(deps: QuestsDeps, db: Queryable, playbookId: string, userIds: string[]) {
  const rows = await deps.podPlaybooks.progressOf(db, playbookId, userIds);
  const finished = new Map<string, number>(userIds.map((u) => [u, 0]));
  for (const r of rows) {
    const def = deps.playbookCatalogue.version(playbookId, r.version) ?? deps.playbookCatalogue.latest(playbookId);
    if (def) finished.set(r.userId, currentWeekIndex(def.weeks, new Set(r.stepIds)));
  }
  return finished;
}

/**
 * Opens the run's next weeks while the quorum of its current members has finished the open one
 * (under the run's lock: members finishing at once queue here, and each sees the others' committed
 * steps, so a week opens exactly once). Writes quests.pod-playbook.changed.v1 when it opened one.
 */
export async function advanceRun(deps: QuestsDeps, tx: PgTx, podId: string, playbookId: string, actor: string) {
  const run = await deps.podPlaybooks.lock(tx, podId, playbookId);
  if (!run) return;
  const weeks = toRun(deps, run).weeks;
  const members = await deps.podPlaybooks.membersOf(tx, podId);
  const finished = [...(await weeksFinished(deps, tx, playbookId, members)).values()];
  let open = run.openWeek;
  while (open < weeks && podWeekOpens(run.mode, members.length, finished.filter((w) => w >= open).length)) open++;
  if (open === run.openWeek) return;
  const changed = await deps.podPlaybooks.update(tx, podId, playbookId, { openWeek: open, mode: run.mode });
  await writeChanged(deps, tx, actor, changed, 'week_opened');
}

/**
 * The pod gate for a member's step in `week`: undefined when no pod of theirs runs the playbook or one
 * of those runs has opened that week; else the error (409 POD_WEEK_LOCKED) saying who the pod waits for.
 */
export async function podWeekGate(
  deps: QuestsDeps,
  db: Queryable,
  userId: string,
  playbookId: string,
  week: number,
): Promise<AppError | undefined> {
  const runs = await deps.podPlaybooks.runsFor(db, userId, playbookId);
  if (runs.length === 0 || runs.some((r) => r.openWeek >= week)) return undefined;
  const mode = runs.some((r) => r.mode === 'majority') ? 'majority' : 'all';
  return new AppError('POD_WEEK_LOCKED', podWeekLockedSentence(mode, week));
}

/** The highest week any of the member's pods running the playbook has opened; undefined when none does. */
export async function podOpenWeek(deps: QuestsDeps, db: Queryable, userId: string, playbookId: string) {
  const runs = await deps.podPlaybooks.runsFor(db, userId, playbookId);
  return runs.length === 0 ? undefined : Math.max(...runs.map((r) => r.openWeek));
}

/** After a member finished `week` of a playbook (in that step's transaction): every run of theirs may open its next week. */
export async function afterWeekFinished(deps: QuestsDeps, tx: PgTx, userId: string, playbookId: string) {
  for (const run of await deps.podPlaybooks.runsFor(tx, userId, playbookId))
    await advanceRun(deps, tx, run.podId, playbookId, userId);
}

/**
 * POST /api/quests/pods/{podId}/playbooks: a member starts a playbook for the pod. The playbook must
 * be open to them (level or Pro: each member's own unlock still applies when they continue it); only
 * the pod's creator may choose `majority`. Starting it again answers the run as it is (200). Their
 * own progress starts (pinned to the run's version) unless they had started it already.
 */
export async function startPodPlaybook(
  deps: QuestsDeps,
  userId: string,
  podId: string,
  body: StartPodPlaybookBody,
): Promise<{ created: boolean; run: PodPlaybookRun }> {
  if (!(await deps.podPlaybooks.isMember(deps.db, podId, userId))) throw POD_NOT_FOUND();
  const def = deps.playbookCatalogue.latest(body.playbookId);
  if (!def) throw PLAYBOOK_NOT_FOUND();
  const ctx = await dayContext(deps, userId, deps.clock());
  if (playbookAccess({ unlockLevel: def.unlockLevel, level: ctx.level, isPro: ctx.isPro }) !== 'open')
    throw new AppError('PLAYBOOK_LOCKED', `This playbook unlocks at Level ${def.unlockLevel}, or with Pro.`);
  const mode: PodPlaybookMode = body.mode ?? 'all';
  if (mode !== 'all' && (await deps.podPlaybooks.creatorOf(deps.db, podId)) !== userId)
    throw new AppError('NOT_POD_CREATOR', 'Only the pod’s creator can choose to wait for a majority.');
  return deps.transaction(async (tx) => {
    const created = await deps.podPlaybooks.create(tx, {
      podId,
      playbookId: def.id,
      version: def.version,
      mode,
      startedBy: userId,
      startedAt: ctx.now,
    });
    if (!created) return { created: false, run: toRun(deps, (await deps.podPlaybooks.get(tx, podId, def.id))!) };
    await deps.playbooks.start(tx, userId, def.id, def.version, ctx.now);
    await writeChanged(deps, tx, userId, created, 'started');
    // Members who had finished weeks alone may already make the quorum.
    await advanceRun(deps, tx, podId, def.id, userId);
    return { created: true, run: toRun(deps, (await deps.podPlaybooks.get(tx, podId, def.id))!) };
  });
}

/** PATCH /api/quests/pods/{podId}/playbooks/{id}: the pod's creator changes who the pod waits for. */
export async function setPodPlaybookMode(
  deps: QuestsDeps,
  userId: string,
  podId: string,
  playbookId: string,
  mode: PodPlaybookMode,
): Promise<PodPlaybookRun> {
  if (!(await deps.podPlaybooks.isMember(deps.db, podId, userId))) throw POD_NOT_FOUND();
  if ((await deps.podPlaybooks.creatorOf(deps.db, podId)) !== userId)
    throw new AppError('NOT_POD_CREATOR', 'Only the pod’s creator can change who the pod waits for.');
  return deps.transaction(async (tx) => {
    const run = await deps.podPlaybooks.lock(tx, podId, playbookId);
    if (!run) throw RUN_NOT_FOUND();
    if (run.mode !== mode) {
      const changed = await deps.podPlaybooks.update(tx, podId, playbookId, { openWeek: run.openWeek, mode });
      await writeChanged(deps, tx, userId, changed, 'mode_changed');
      await advanceRun(deps, tx, podId, playbookId, userId);
    }
    return toRun(deps, (await deps.podPlaybooks.get(tx, podId, playbookId))!);
  });
}

/** GET /api/quests/pods/{podId}/playbooks/{id}: the run (members only: 404 POD_NOT_FOUND to anyone else). */
export async function getPodPlaybook(deps: QuestsDeps, userId: string, podId: string, playbookId: string) {
  if (!(await deps.podPlaybooks.isMember(deps.db, podId, userId))) throw POD_NOT_FOUND();
  const run = await deps.podPlaybooks.get(deps.db, podId, playbookId);
  if (!run) throw RUN_NOT_FOUND();
  return toRun(deps, run);
}

/**
 * POST /api/quests/playbooks/{id}/share: tells the caller's pods (those of `podIds` they are a
 * member of) that they finished the playbook; pods writes the log entries from the event.
 */
export async function sharePlaybook(
  deps: QuestsDeps,
  userId: string,
  playbookId: string,
  podIds: string[],
): Promise<SharePlaybookResult> {
  if (!deps.playbookCatalogue.latest(playbookId)) throw PLAYBOOK_NOT_FOUND();
  const progress = await deps.playbooks.progress(deps.db, userId, playbookId);
  if (!progress?.completedAt)
    throw new AppError('PLAYBOOK_NOT_COMPLETED', 'Finish the playbook first, then share it with your pods.');
  const mine = await deps.podPlaybooks.podsOf(deps.db, userId, podIds);
  if (mine.length === 0) throw POD_NOT_FOUND();
  const def: PlaybookDefinition =
    deps.playbookCatalogue.version(playbookId, progress.version) ?? deps.playbookCatalogue.latest(playbookId)!;
  await deps.transaction(async (tx) => {
    await writeOutbox(
      tx,
      newEvent(PlaybookShared.subject, userId, {
        playbookId,
        version: def.version,
        title: def.title,
        xpEarned: progress.xpEarned,
        podIds: mine,
      }),
    );
  });
  return { podIds: mine };
}

/** Effect of pods.member.joined.v1 (durable `quests-pod-creators`): the creator of a new pod. */
export async function recordPodCreator(deps: QuestsDeps, tx: PgTx, e: MemberJoinedPayload) {
  if (e.via === 'created') await deps.podPlaybooks.setCreator(tx, e.podId, e.userId);
}

/**
 * Effect of pods.member.left.v1 (durable `quests-pod-playbook-leaves`): the member no longer counts,
 * so the pod's runs may open their next week; their own progress stays, and they go on alone.
 */
export async function onMemberLeftPod(deps: QuestsDeps, tx: PgTx, e: MemberLeftPayload) {
  // The membership first, in this unit of work (the newest event of a pair wins, so applying it twice
  // with quests-pod-leaves changes nothing): the quorum below must not count them.
  await deps.leaderboard.applyMembership(tx, {
    podId: e.podId,
    userId: e.userId,
    member: false,
    at: new Date(e.occurredAt),
  });
  for (const run of await deps.podPlaybooks.runsOfPod(tx, e.podId))
    await advanceRun(deps, tx, e.podId, run.playbookId, e.userId);
}

/** "Your data": the pod runs the user started. */
export async function exportPodPlaybooks(deps: QuestsDeps, userId: string) {
  return (await deps.podPlaybooks.startedBy(deps.db, userId)).map((r) => ({
    podId: r.podId,
    playbookId: r.playbookId,
    version: r.version,
    mode: r.mode,
    openWeek: r.openWeek,
    startedAt: new Date(r.startedAt).toISOString(),
  }));
}

/** Account deletion: runs they started go on without their name; they are no pod's creator any more. */
export async function forgetPodPlaybooks(deps: QuestsDeps, tx: PgTx, userId: string) {
  await deps.podPlaybooks.forget(tx, userId);
}
