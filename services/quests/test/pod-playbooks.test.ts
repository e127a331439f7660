// Pod playbooks (issue 23 point 5, decision 0041): a member starts a playbook for the pod; the pod's
// next week opens when all (or, the creator's choice, a majority) of its current members finished the
// open one, exactly once however many finish at the same moment; a non-member sees nothing; leaving
// keeps one's progress; "share to my pods" from the finish screen; export and deletion.
import { randomUUID } from 'node:crypto';
import { MemberJoined, MemberLeft } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaybookCatalogue, loadPlaybookDefinitions } from '../src/playbook-catalogue';
import { count, newPlayer, startQuests, type QuestsHarness } from './helper';

const catalogue = createPlaybookCatalogue(loadPlaybookDefinitions());
const PLAYBOOK = 'comfort-zone'; // open from level 1
const def = catalogue.latest(PLAYBOOK)!;
const weekSteps = (week: number) => def.weeks[week - 1]!.steps;

let h: QuestsHarness;
const ownedPhotos = new Map<string, string>();
beforeAll(async () => {
  h = await startQuests({ photos: { ownedBy: async (userId, photoId) => ownedPhotos.get(photoId) === userId } });
});
afterAll(async () => {
  await h?.close();
});

function bodyFor(stepId: string, userId: string): Record<string, unknown> {
  const step = def.weeks.flatMap((w) => w.steps).find((s) => s.id === stepId)!;
  switch (step.kind) {
    case 'insight':
      return {};
    case 'reflection':
      return { reflection: 'We did it together, and it was less scary than I thought.' };
    case 'quiz':
      return { answers: step.questions.map((q) => q.answer) };
    case 'challenge': {
      const photoId = randomUUID();
      ownedPhotos.set(photoId, userId);
      return { proofType: step.proofType, proofText: 'Done on the way home.', photoId };
    }
  }
}

const api = (userId: string) => {
  const call = h.as(userId);
  return {
    startForPod: (podId: string, body: unknown) => call('POST', `/api/quests/pods/${podId}/playbooks`, body),
    run: (podId: string, id = PLAYBOOK) => call('GET', `/api/quests/pods/${podId}/playbooks/${id}`),
    setMode: (podId: string, mode: string) =>
      call('PATCH', `/api/quests/pods/${podId}/playbooks/${PLAYBOOK}`, { mode }),
    one: () => call('GET', `/api/quests/playbooks/${PLAYBOOK}`),
    step: (stepId: string) => call('GET', `/api/quests/playbooks/${PLAYBOOK}/steps/${stepId}`),
    complete: (stepId: string) =>
      call('POST', `/api/quests/playbooks/${PLAYBOOK}/steps/${stepId}/complete`, bodyFor(stepId, userId)),
    share: (podIds: string[], id = PLAYBOOK) => call('POST', `/api/quests/playbooks/${id}/share`, { podIds }),
  };
};

async function finishWeek(userId: string, week: number) {
  for (const step of weekSteps(week)) {
    const res = await api(userId).complete(step.id);
    expect(res.statusCode, `${step.id}: ${res.body}`).toBe(200);
  }
}

const members = (podId: string) =>
  count(h, 'SELECT count(*) FROM quests.pod_member WHERE pod_id = $1 AND member', [podId]);

/** A pod as pods announces it: the creator, then the others joining with an invite. */
async function pod(creator: string, ...others: string[]): Promise<string> {
  const podId = randomUUID();
  await h.bus.publish(newEvent(MemberJoined.subject, creator, { podId, via: 'created', memberCount: 1 }));
  for (const [i, userId] of others.entries())
    await h.bus.publish(newEvent(MemberJoined.subject, userId, { podId, via: 'invite', memberCount: i + 2 }));
  await expect.poll(() => members(podId), { timeout: 5000 }).toBe(others.length + 1);
  await expect
    .poll(() => count(h, 'SELECT count(*) FROM quests.pod_creator WHERE pod_id = $1', [podId]), { timeout: 5000 })
    .toBe(1);
  return podId;
}

const weekOpenedEvents = (podId: string) =>
  count(
    h,
    `SELECT count(*) FROM quests.outbox_event WHERE subject = 'quests.pod-playbook.changed.v1'
       AND payload->>'podId' = $1 AND payload->>'reason' = 'week_opened'`,
    [podId],
  );

describe('starting a playbook for a pod', () => {
  it('a member starts it: the run (week 1 open, "all") and their own progress, once; the event goes out', async () => {
    const [ana, bo] = [await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo);
    const res = await api(bo).startForPod(podId, { playbookId: PLAYBOOK });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      podId,
      playbookId: PLAYBOOK,
      mode: 'all',
      openWeek: 1,
      weeks: def.weeks.length,
    });
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(200);
    expect((await api(bo).one()).json()).toMatchObject({ started: true, podOpenWeek: 1 });
    expect(
      await count(
        h,
        `SELECT count(*) FROM quests.outbox_event WHERE subject = 'quests.pod-playbook.changed.v1' AND payload->>'podId' = $1`,
        [podId],
      ),
    ).toBe(1);
  });

  it('a non-member can neither start nor see a pod playbook: 404 POD_NOT_FOUND', async () => {
    const [ana, mallory] = [await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana);
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(201);
    const start = await api(mallory).startForPod(podId, { playbookId: PLAYBOOK });
    expect(start.statusCode).toBe(404);
    expect(start.json().error.code).toBe('POD_NOT_FOUND');
    const read = await api(mallory).run(podId);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('POD_NOT_FOUND');
    expect((await api(ana).run(podId)).statusCode).toBe(200);
  });

  it('refuses a playbook above the member’s level (403 PLAYBOOK_LOCKED) and "majority" from anyone but the creator (403)', async () => {
    const [ana, bo] = [await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo);
    const locked = await api(ana).startForPod(podId, { playbookId: 'creativity' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('PLAYBOOK_LOCKED');
    const majority = await api(bo).startForPod(podId, { playbookId: PLAYBOOK, mode: 'majority' });
    expect(majority.statusCode).toBe(403);
    expect(majority.json().error.code).toBe('NOT_POD_CREATOR');
    const unknown = await api(ana).startForPod(podId, { playbookId: 'no-such-playbook' });
    expect(unknown.statusCode).toBe(404);
    const bad = await api(ana).startForPod(podId, { playbookId: 'Not A Slug!' });
    expect(bad.statusCode).toBe(400);
    const badMode = await api(ana).startForPod(podId, { playbookId: PLAYBOOK, mode: 'most' });
    expect(badMode.statusCode).toBe(400);
  });
});

describe('the pod week gate', () => {
  it('"all": week 2 opens only when every member has finished week 1 (409 POD_WEEK_LOCKED before)', async () => {
    const [ana, bo, cy] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo, cy);
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(201);
    const firstOfWeek2 = weekSteps(2)[0]!.id;

    await finishWeek(ana, 1);
    const locked = await api(ana).complete(firstOfWeek2);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatchObject({
      code: 'POD_WEEK_LOCKED',
      message: 'Your pod opens week 2 when everyone has finished week 1.',
    });
    expect((await api(ana).step(firstOfWeek2)).json().error.code).toBe('POD_WEEK_LOCKED');
    expect((await api(ana).one()).json().weekList[1]).toMatchObject({ number: 2, open: false });

    await finishWeek(bo, 1);
    expect((await api(ana).complete(firstOfWeek2)).statusCode).toBe(409);
    await finishWeek(cy, 1);
    expect((await api(ana).run(podId)).json().openWeek).toBe(2);
    expect((await api(ana).one()).json()).toMatchObject({ podOpenWeek: 2 });
    expect((await api(ana).complete(firstOfWeek2)).statusCode).toBe(200);
    expect(await weekOpenedEvents(podId)).toBe(1);
    // Each finished week is an event pods turns into the pod log entry.
    expect(
      await count(
        h,
        `SELECT count(*) FROM quests.outbox_event WHERE subject = 'quests.playbook-week.completed.v1' AND payload->>'userId' = ANY($1)`,
        [[ana, bo, cy]],
      ),
    ).toBe(3);
  });

  it('"majority" (the creator’s choice): 2 of 3 open the next week; the creator may change it later', async () => {
    const [ana, bo, cy] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo, cy);
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK, mode: 'majority' })).statusCode).toBe(201);
    await finishWeek(ana, 1);
    expect((await api(ana).run(podId)).json().openWeek).toBe(1);
    await finishWeek(cy, 1);
    expect((await api(ana).run(podId)).json().openWeek).toBe(2);
    // Back to "all": nobody else changes it; week 2 stays open (a week never closes again).
    expect((await api(bo).setMode(podId, 'all')).json().error.code).toBe('NOT_POD_CREATOR');
    const changed = await api(ana).setMode(podId, 'all');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mode: 'all', openWeek: 2 });
  });

  it('opens a week exactly once when every member finishes it at the same moment', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(h)));
    const podId = await pod(players[0]!, ...players.slice(1));
    expect((await api(players[0]!).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(201);
    const steps = weekSteps(1);
    // Everyone but the last step of week 1…
    for (const p of players)
      for (const s of steps.slice(0, -1)) expect((await api(p).complete(s.id)).statusCode).toBe(200);
    // …then all six last steps at once.
    const last = steps[steps.length - 1]!.id;
    const results = await Promise.all(players.map((p) => api(p).complete(last)));
    expect(results.map((r) => r.statusCode)).toEqual(players.map(() => 200));
    expect((await api(players[0]!).run(podId)).json().openWeek).toBe(2);
    expect(await weekOpenedEvents(podId)).toBe(1);
  });

  it('leaving keeps one’s progress; the others’ next week opens without them, and the leaver goes on alone', async () => {
    const [ana, bo] = [await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo);
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(201);
    await finishWeek(ana, 1);
    expect((await api(bo).complete(weekSteps(1)[0]!.id)).statusCode).toBe(200);
    expect((await api(ana).run(podId)).json().openWeek).toBe(1);

    await h.bus.publish(newEvent(MemberLeft.subject, bo, { podId, reason: 'left' }));
    await expect.poll(async () => (await api(ana).run(podId)).json().openWeek, { timeout: 5000 }).toBe(2);
    // Bo's step stays theirs, and no pod holds them back any more.
    expect((await api(bo).one()).json()).toMatchObject({ doneSteps: 1, started: true });
    expect((await api(bo).one()).json().podOpenWeek).toBeUndefined();
    expect((await api(bo).run(podId)).statusCode).toBe(404);
    for (const s of weekSteps(1).slice(1)) expect((await api(bo).complete(s.id)).statusCode).toBe(200);
    expect((await api(bo).complete(weekSteps(2)[0]!.id)).statusCode).toBe(200);
  });
});

describe('share to my pods', () => {
  it('needs the playbook finished, and only the caller’s own pods get the entry', async () => {
    const [ana, bo] = [await newPlayer(h), await newPlayer(h)];
    const mine = await pod(ana);
    const theirs = await pod(bo);
    expect((await api(ana).share([mine])).json().error.code).toBe('PLAYBOOK_NOT_COMPLETED');
    for (const [i] of def.weeks.entries()) await finishWeek(ana, i + 1);

    const res = await api(ana).share([mine, theirs]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ podIds: [mine] });
    const none = await api(ana).share([theirs]);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('POD_NOT_FOUND');
    expect((await api(ana).share([])).statusCode).toBe(400);
    const event = await h.sql.query(
      `SELECT payload FROM quests.outbox_event WHERE subject = 'quests.playbook.shared.v1' AND payload->>'userId' = $1`,
      [ana],
    );
    expect(event.rows).toHaveLength(1);
    expect(event.rows[0].payload).toMatchObject({ playbookId: PLAYBOOK, title: def.title, podIds: [mine] });
  });
});

describe('your data and deletion', () => {
  it('exports the runs one started; deletion keeps the pod’s run without their name', async () => {
    const [ana, bo] = [await newPlayer(h), await newPlayer(h)];
    const podId = await pod(ana, bo);
    expect((await api(ana).startForPod(podId, { playbookId: PLAYBOOK })).statusCode).toBe(201);
    const data = await h.as(ana)('GET', '/api/quests/me/export');
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().podPlaybooks).toEqual([
      expect.objectContaining({ podId, playbookId: PLAYBOOK, mode: 'all', openWeek: 1 }),
    ]);
    await deleteUser(h.bus, ana);
    await expect
      .poll(
        () =>
          count(h, 'SELECT count(*) FROM quests.pod_playbook WHERE pod_id = $1 AND started_by IS NOT NULL', [podId]),
        { timeout: 5000 },
      )
      .toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.pod_creator WHERE user_id = $1', [ana])).toBe(0);
    expect((await api(bo).run(podId)).statusCode).toBe(200);
  });
});
