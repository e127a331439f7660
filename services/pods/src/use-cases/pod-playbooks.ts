import type {
  PlaybookSharedPayload,
  PlaybookWeekCompletedPayload,
  PodPlaybookChangedPayload,
  PodPlaybookList,
} from '@vere/contracts';
import { asHiddenMember, isBehind } from '@vere/domain';
import { AppError, type PgTx } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyPod } from '../live/messages';
import type { PodPlaybookLogEntry, PodPlaybookRow } from '../repositories/pod-playbooks-repository';

/*
 * Pod playbooks (decision 0041): quests owns each run and its week gate; pods keeps what the pod
 * page shows (the runs, every member's finished weeks) from quests' events, writes the pod log
 * entries and tells the pod's open streams.
 */

async function announce(tx: PgTx, entries: PodPlaybookLogEntry[]) {
  for (const entry of entries) {
    await notifyPod(tx, {
      kind: 'pod-log-added',
      podId: entry.podId,
      authorId: entry.userId,
      data: { ...entry, createdAt: entry.createdAt.toISOString() },
    });
  }
}

async function progressChanged(tx: PgTx, podIds: string[], playbookId: string, authorId: string | null) {
  for (const podId of new Set(podIds))
    await notifyPod(tx, { kind: 'pod-playbook-updated', podId, authorId, data: { podId, playbookId } });
}

/** Effect of quests.pod-playbook.changed.v1 (durable `pods-pod-playbooks`): the run, newest revision wins; a start is logged. */
export function onPodPlaybookChanged(deps: PodsDeps) {
  return async (tx: PgTx, e: PodPlaybookChangedPayload): Promise<void> => {
    if (!(await deps.podPlaybooks.applyRun(tx, e))) return;
    if (e.reason === 'started' && e.startedBy && !(await deps.readModels.isErased(tx, e.startedBy))) {
      const entries = await deps.podPlaybooks.addLogEntries(tx, {
        userId: e.startedBy,
        podIds: [e.podId],
        kind: 'playbook_started',
        playbookId: e.playbookId,
        week: null,
        message: `Started ${e.title} for the pod`,
        at: new Date(e.startedAt),
      });
      await announce(tx, entries);
    }
    await progressChanged(tx, [e.podId], e.playbookId, null);
  };
}

/**
 * Effect of quests.playbook-week.completed.v1 (durable `pods-playbook-weeks`): the week is kept (the
 * pod page's progress, whatever pods the user is in now or later), and each pod of theirs running the
 * playbook gets one log entry ("Finished week 2 of …").
 */
export function onPlaybookWeekCompleted(deps: PodsDeps) {
  return async (tx: PgTx, e: PlaybookWeekCompletedPayload): Promise<void> => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    const at = new Date(e.completedAt);
    if (
      !(await deps.podPlaybooks.addWeek(tx, {
        userId: e.userId,
        playbookId: e.playbookId,
        week: e.week,
        completedAt: at,
      }))
    )
      return;
    const podIds = await deps.podPlaybooks.podsRunning(tx, e.userId, e.playbookId);
    const entries = await deps.podPlaybooks.addLogEntries(tx, {
      userId: e.userId,
      podIds,
      kind: 'playbook_week',
      playbookId: e.playbookId,
      week: e.week,
      message: e.week === e.weeks ? `Finished the last week of ${e.title}` : `Finished week ${e.week} of ${e.title}`,
      at,
    });
    await announce(tx, entries);
    await progressChanged(tx, podIds, e.playbookId, e.userId);
  };
}

/** Effect of quests.playbook.shared.v1 (durable `pods-playbook-shares`): one entry in each named pod the user is still in. */
export function onPlaybookShared(deps: PodsDeps) {
  return async (tx: PgTx, e: PlaybookSharedPayload): Promise<void> => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    const entries = await deps.podPlaybooks.addLogEntries(tx, {
      userId: e.userId,
      podIds: e.podIds,
      kind: 'playbook_share',
      playbookId: e.playbookId,
      week: null,
      message: `Finished the playbook ${e.title} (+${e.xpEarned} XP)`,
      at: new Date(e.occurredAt),
    });
    await announce(tx, entries);
  };
}

async function view(deps: PodsDeps, viewer: string, runs: PodPlaybookRow[]): Promise<PodPlaybookList> {
  const members = await deps.podPlaybooks.members(deps.db, viewer, runs);
  return {
    runs: runs.map((r) => ({
      podId: r.podId,
      podName: r.podName,
      playbookId: r.playbookId,
      version: r.version,
      title: r.title,
      weeks: r.weeks,
      mode: r.mode,
      openWeek: r.openWeek,
      startedAt: new Date(r.startedAt).toISOString(),
      startedBy: r.startedBy,
      members: members
        .filter((m) => m.podId === r.podId && m.playbookId === r.playbookId)
        .map(({ user: { hidden, ...card }, weeksFinished }) => ({
          user: hidden ? asHiddenMember(card) : card,
          weeksFinished,
          behind: isBehind(weeksFinished, r.openWeek),
        })),
    })),
  };
}

/** GET /api/pods/pods/{podId}/playbooks: the pod's runs and every member's progress (members only: 404 POD_NOT_FOUND). */
export async function podPlaybooks(deps: PodsDeps, viewer: string, podId: string): Promise<PodPlaybookList> {
  if (!(await deps.pods.isMember(deps.db, podId, viewer))) throw new AppError('POD_NOT_FOUND', 'No such pod.');
  return view(deps, viewer, await deps.podPlaybooks.runs(deps.db, { podId }));
}

/** GET /api/pods/me/playbooks/{id}: the runs of that playbook in the viewer's pods (the playbook screen's "your pod"). */
export async function myPodPlaybooks(deps: PodsDeps, viewer: string, playbookId: string): Promise<PodPlaybookList> {
  return view(deps, viewer, await deps.podPlaybooks.runs(deps.db, { viewer, playbookId }));
}

/** Whether `recipient` is behind on the pod's run of `playbookId` (a nudge about it needs them behind). */
export async function behindOnPodPlaybook(
  deps: PodsDeps,
  tx: PgTx,
  podId: string,
  playbookId: string,
  recipient: string,
): Promise<boolean> {
  const run = (await deps.podPlaybooks.runs(tx, { podId })).find((r) => r.playbookId === playbookId);
  if (!run) throw new AppError('POD_PLAYBOOK_NOT_FOUND', 'This pod is not running that playbook.');
  return isBehind(await deps.podPlaybooks.weeksOf(tx, recipient, playbookId), run.openWeek);
}
