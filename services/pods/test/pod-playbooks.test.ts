// Pod playbooks (issue 23 points 2 and 5, decision 0041), pods' side: the runs and every member's
// finished weeks from quests' events, the pod log entries (a week finished, a playbook started or
// shared), live updates, the nudge for a member who is behind, members only, export and deletion.
import type { AddressInfo } from 'node:net';
import { PlaybookShared, PlaybookWeekCompleted, PodPlaybookChanged } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createPod, joinPod, newUser, openStream, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
let base: string;
beforeAll(async () => {
  h = await startPods({ heartbeatMs: 200 });
  await h.pods.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.pods.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
});

const PLAYBOOK = 'comfort-zone';
const TITLE = 'Small Brave Steps';
let revision = 0;
const runChanged = (
  podId: string,
  startedBy: string,
  fields: {
    openWeek?: number;
    mode?: 'all' | 'majority';
    reason?: 'started' | 'week_opened' | 'mode_changed';
    revision?: number;
  } = {},
) =>
  newEvent(PodPlaybookChanged.subject, startedBy, {
    podId,
    playbookId: PLAYBOOK,
    version: 1,
    title: TITLE,
    weeks: 4,
    mode: fields.mode ?? 'all',
    openWeek: fields.openWeek ?? 1,
    startedBy,
    startedAt: new Date().toISOString(),
    revision: fields.revision ?? ++revision,
    reason: fields.reason ?? 'started',
  });
const weekDone = (userId: string, week: number) =>
  newEvent(PlaybookWeekCompleted.subject, userId, {
    playbookId: PLAYBOOK,
    version: 1,
    title: TITLE,
    week,
    weeks: 4,
    completedAt: new Date().toISOString(),
  });
async function publish(...events: ReturnType<typeof newEvent>[]) {
  for (const e of events) await h.bus.publish(e);
  await h.bus.idle();
}

async function podOf(...names: string[]) {
  const users = await Promise.all(names.map((name) => newUser(h, { name })));
  const { podId, code } = await createPod(h, users[0]!);
  for (const u of users.slice(1)) await joinPod(h, u, code);
  return { podId, users };
}
const log = async (viewer: string, podId: string) =>
  (await as(h, viewer)('GET', `/api/pods/pods/${podId}/log`)).json().entries as {
    kind: string;
    playbookId: string | null;
    message: string;
    user: { id: string };
  }[];
const runs = async (viewer: string, podId: string) => {
  const res = await as(h, viewer)('GET', `/api/pods/pods/${podId}/playbooks`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().runs;
};

describe('a pod’s playbook on the pod page', () => {
  it('shows the run and every member’s finished weeks, and who is behind; the log tells who started it and who finished a week', async () => {
    const { podId, users } = await podOf('Ana', 'Bo', 'Cy');
    const [ana, bo, cy] = users as [string, string, string];
    // The run first, as quests publishes it when the pod starts (the two subjects are handled side by
    // side, so a week published with it could be handled before the run exists: decision 0057).
    await publish(runChanged(podId, ana));
    await publish(weekDone(bo, 1));

    const [run] = await runs(cy, podId);
    expect(run).toMatchObject({
      podId,
      podName: 'Morning Crew',
      playbookId: PLAYBOOK,
      title: TITLE,
      openWeek: 1,
      mode: 'all',
    });
    const progress = Object.fromEntries(
      run.members.map((m: { user: { name: string }; weeksFinished: number; behind: boolean }) => [
        m.user.name,
        [m.weeksFinished, m.behind],
      ]),
    );
    expect(progress).toEqual({ Ana: [0, true], Bo: [1, false], Cy: [0, true] });

    const entries = await log(ana, podId);
    expect(entries.map((e) => [e.kind, e.message, e.user.id])).toEqual([
      ['playbook_week', `Finished week 1 of ${TITLE}`, bo],
      ['playbook_started', `Started ${TITLE} for the pod`, ana],
    ]);
    // The playbook screen's view: the caller's pods running that playbook.
    const mine = await as(h, bo)('GET', `/api/pods/me/playbooks/${PLAYBOOK}`);
    expect(mine.json().runs.map((r: { podId: string }) => r.podId)).toEqual([podId]);
  });

  it('writes one entry per finished week whatever the redeliveries, and keeps the newest revision of the run', async () => {
    const { podId, users } = await podOf('Ana', 'Bo');
    const [ana, bo] = users as [string, string];
    const started = runChanged(podId, ana);
    const opened = runChanged(podId, ana, { openWeek: 2, reason: 'week_opened' });
    const done = weekDone(bo, 1);
    await publish(started);
    await publish(done, done, opened, started);
    expect((await log(ana, podId)).filter((e) => e.kind === 'playbook_week')).toHaveLength(1);
    expect((await runs(ana, podId))[0].openWeek).toBe(2);
    // An older revision arriving late changes nothing.
    await publish(runChanged(podId, ana, { openWeek: 1, revision: 1 }));
    expect((await runs(ana, podId))[0].openWeek).toBe(2);
  });

  it('is for members only: 404 POD_NOT_FOUND to anyone else', async () => {
    const { podId, users } = await podOf('Ana');
    await publish(runChanged(podId, users[0]!));
    const outsider = await newUser(h);
    const res = await as(h, outsider)('GET', `/api/pods/pods/${podId}/playbooks`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('POD_NOT_FOUND');
    expect((await as(h, outsider)('GET', `/api/pods/me/playbooks/${PLAYBOOK}`)).json().runs).toEqual([]);
    expect((await as(h, outsider)('GET', `/api/pods/pods/not-a-uuid/playbooks`)).statusCode).toBe(400);
  });

  it('tells the pod’s open streams when a member finishes a week', async () => {
    const { podId, users } = await podOf('Ana', 'Bo');
    const [ana, bo] = users as [string, string];
    await publish(runChanged(podId, ana));
    const ticket = (await as(h, ana)('POST', `/api/pods/pods/${podId}/stream-ticket`)).json().ticket;
    const stream = await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${ticket}`);
    expect(stream.res.status).toBe(200);
    await publish(weekDone(bo, 1));
    await expect
      .poll(() => stream.events.map((e) => e.event), { timeout: 2000 })
      .toEqual(['pod-log-added', 'pod-playbook-updated']);
    expect(stream.events[1]!.data).toMatchObject({ podId, playbookId: PLAYBOOK });
    stream.close();
  });

  it('leaving keeps one’s finished weeks: they show again in another pod running the playbook', async () => {
    const { podId, users } = await podOf('Ana', 'Bo');
    const [ana, bo] = users as [string, string];
    // The run first, as quests publishes it when the pod starts (the two subjects are handled side by
    // side, so a week published with it could be handled before the run exists: decision 0057).
    await publish(runChanged(podId, ana));
    await publish(weekDone(bo, 1));
    expect((await as(h, bo)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBeLessThan(300);
    expect((await runs(ana, podId))[0].members.map((m: { user: { id: string } }) => m.user.id)).toEqual([ana]);
    const other = await createPod(h, bo, 'Second Pod');
    await publish(runChanged(other.podId, bo));
    const [run] = await runs(bo, other.podId);
    expect(run.members).toEqual([expect.objectContaining({ weeksFinished: 1, behind: false })]);
  });
});

describe('nudging a member who is behind on the pod playbook', () => {
  it('nudges one who has not finished the open week, refuses one who has (409 MEMBER_ALREADY_DONE)', async () => {
    const { podId, users } = await podOf('Ana', 'Bo', 'Cy');
    const [ana, bo, cy] = users as [string, string, string];
    // The run first, as quests publishes it when the pod starts (the two subjects are handled side by
    // side, so a week published with it could be handled before the run exists: decision 0057).
    await publish(runChanged(podId, ana));
    await publish(weekDone(bo, 1));
    const nudge = (to: string, playbookId = PLAYBOOK) =>
      as(h, ana)('POST', `/api/pods/pods/${podId}/members/${to}/nudge?playbookId=${playbookId}`);
    const sent = await nudge(cy);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(
      (
        await h.sql.query(
          `SELECT count(*)::int AS n FROM pods.outbox_event WHERE subject = 'pods.member.nudged.v1' AND payload->>'recipientId' = $1`,
          [cy],
        )
      ).rows[0].n,
    ).toBe(1);
    const done = await nudge(bo);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('MEMBER_ALREADY_DONE');
    const noRun = await nudge(bo, 'gratitude');
    expect(noRun.statusCode).toBe(404);
    expect(noRun.json().error.code).toBe('POD_PLAYBOOK_NOT_FOUND');
  });
});

describe('share to my pods', () => {
  it('writes one entry in each named pod the user is a member of, once', async () => {
    const { podId, users } = await podOf('Ana', 'Bo');
    const [ana] = users as [string, string];
    const elsewhere = (await podOf('Zed')).podId;
    const shared = newEvent(PlaybookShared.subject, ana, {
      playbookId: PLAYBOOK,
      version: 1,
      title: TITLE,
      xpEarned: 720,
      podIds: [podId, elsewhere],
    });
    await publish(shared, shared);
    const entries = (await log(users[1]!, podId)).filter((e) => e.kind === 'playbook_share');
    expect(entries.map((e) => [e.message, e.playbookId])).toEqual([
      [`Finished the playbook ${TITLE} (+720 XP)`, PLAYBOOK],
    ]);
    expect((await h.sql.query('SELECT 1 FROM pods.pod_log WHERE pod_id = $1', [elsewhere])).rowCount).toBe(0);
  });
});

describe('your data and deletion', () => {
  it('exports the finished weeks and forgets them when the account is deleted', async () => {
    const { podId, users } = await podOf('Ana', 'Bo');
    const [ana, bo] = users as [string, string];
    await publish(runChanged(podId, ana), weekDone(bo, 1), weekDone(bo, 2));
    const data = await as(h, bo)('GET', '/api/pods/me/export');
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().playbookWeeks.map((w: { week: number }) => w.week)).toEqual([1, 2]);
    await deleteUser(h.bus, bo);
    await h.bus.idle();
    expect((await h.sql.query('SELECT 1 FROM pods.playbook_week WHERE user_id = $1', [bo])).rowCount).toBe(0);
    await deleteUser(h.bus, ana);
    await h.bus.idle();
    expect((await h.sql.query('SELECT started_by FROM pods.pod_playbook WHERE started_by = $1', [ana])).rowCount).toBe(
      0,
    );
  });
});
