// Playbooks (issue 23): the list and one playbook with the caller's state, steps, server-scored quizzes,
// XP once per step under a race, week order, unlocks (level, Pro, Pro lost), authorization, version
// pinning, the events and account deletion.
import { randomUUID } from 'node:crypto';
import { levelThreshold } from '@vere/domain';
import { changeEntitlement, deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlaybookCatalogue,
  loadPlaybookDefinitions,
  type PlaybookCatalogue,
  type PlaybookDefinition,
} from '../src/playbook-catalogue';
import { count, newPlayer, startQuests, type QuestsHarness } from './helper';

/** The real content, plus what a test publishes on top (a new version), read on every call. */
let definitions = loadPlaybookDefinitions();
const catalogue: PlaybookCatalogue = {
  get published() {
    return createPlaybookCatalogue(definitions).published;
  },
  version: (id, version) => createPlaybookCatalogue(definitions).version(id, version),
  latest: (id) => createPlaybookCatalogue(definitions).latest(id),
};
const content = (id: string) => createPlaybookCatalogue(definitions).latest(id)!;

let h: QuestsHarness;
const ownedPhotos = new Map<string, string>(); // photo id → owner
beforeAll(async () => {
  h = await startQuests({
    photos: { ownedBy: async (userId, photoId) => ownedPhotos.get(photoId) === userId },
    playbooks: catalogue,
  });
});
afterAll(async () => {
  await h?.close();
});

const api = (userId: string) => {
  const call = h.as(userId);
  return {
    list: () => call('GET', '/api/quests/playbooks'),
    one: (id: string) => call('GET', `/api/quests/playbooks/${id}`),
    start: (id: string) => call('POST', `/api/quests/playbooks/${id}/start`),
    step: (id: string, stepId: string) => call('GET', `/api/quests/playbooks/${id}/steps/${stepId}`),
    complete: (id: string, stepId: string, body: unknown = {}) =>
      call('POST', `/api/quests/playbooks/${id}/steps/${stepId}/complete`, body),
  };
};
const totalXp = async (userId: string) =>
  (await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp as number;
const giveXp = async (userId: string, amount: number) => {
  await h.sql.query('INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, $3, $4)', [
    `test:${randomUUID()}`,
    userId,
    amount,
    'test',
  ]);
  await h.sql.query('UPDATE quests.player SET total_xp = total_xp + $2 WHERE user_id = $1', [userId, amount]);
};
const outbox = (subject: string, userId: string) =>
  count(h, `SELECT count(*) FROM quests.outbox_event WHERE subject = $1 AND payload->>'userId' = $2`, [
    subject,
    userId,
  ]);
const photoOf = (userId: string) => {
  const id = randomUUID();
  ownedPhotos.set(id, userId);
  return id;
};

/** A body that completes `step` (right answers for a quiz, proof as the step asks). */
function bodyFor(def: PlaybookDefinition, stepId: string, userId: string): Record<string, unknown> {
  const step = def.weeks.flatMap((w) => w.steps).find((s) => s.id === stepId)!;
  switch (step.kind) {
    case 'insight':
      return {};
    case 'reflection':
      return { reflection: 'I wave at the neighbour now, and she waves back.' };
    case 'quiz':
      return { answers: step.questions.map((q) => q.answer) };
    case 'challenge':
      return step.proofType === 'text'
        ? { proofType: 'text', proofText: 'Did it on the way home.' }
        : step.proofType === 'photo'
          ? { proofType: 'photo', photoId: photoOf(userId) }
          : { proofType: 'both', proofText: 'Did it.', photoId: photoOf(userId) };
  }
}

async function completeAll(userId: string, id: string) {
  const def = content(id);
  const results = [];
  for (const step of def.weeks.flatMap((w) => w.steps)) {
    const res = await api(userId).complete(id, step.id, bodyFor(def, step.id, userId));
    expect(res.statusCode, `${step.id}: ${res.body}`).toBe(200);
    results.push(res.json());
  }
  return results;
}

describe('GET /api/quests/playbooks', () => {
  it('a new level-1 player has the level-1 playbook available and the seven others locked at their level', async () => {
    const userId = await newPlayer(h);
    const res = await api(userId).list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ level: 1, isPro: false });
    expect(body.playbooks.map((p: { unlockLevel: number }) => p.unlockLevel)).toEqual([1, 3, 7, 12, 18, 25, 35, 50]);
    expect(body.playbooks.map((p: { state: string }) => p.state)).toEqual(['available', ...Array(7).fill('locked')]);
    expect(body.playbooks[0]).toMatchObject({
      id: 'comfort-zone',
      version: 1,
      title: 'Small Brave Steps',
      weeks: 4,
      totalSteps: 13,
      doneSteps: 0,
      currentWeek: 1,
      access: 'open',
      xpEarned: 0,
    });
  });

  it('opens the playbooks of levels 3 and 7 at level 7, and every one with Pro', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const userId = await newPlayer(h);
    await giveXp(userId, levelThreshold(6));
    const states = async () => ((await api(userId).list()).json().playbooks as { state: string }[]).map((p) => p.state);
    expect(await states()).toEqual(['available', 'available', 'available', ...Array(5).fill('locked')]);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    expect(await states()).toEqual(Array(8).fill('available'));
  });

  it('answers 401 without a token and 404 PLAYER_NOT_FOUND before the player exists', async () => {
    const anonymous = await h.quests.app.inject({ method: 'GET', url: '/api/quests/playbooks' });
    expect(anonymous.statusCode).toBe(401);
    const res = await api(randomUUID()).list();
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
  });
});

describe('one playbook', () => {
  it('answers PLAYBOOK_NOT_FOUND for an unknown id, PLAYBOOK_STEP_NOT_FOUND for an unknown step, 400 for a malformed id', async () => {
    const userId = await newPlayer(h);
    for (const res of [await api(userId).one('nope'), await api(userId).start('nope')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PLAYBOOK_NOT_FOUND');
    }
    const step = await api(userId).step('comfort-zone', 'nope');
    expect(step.statusCode).toBe(404);
    expect(step.json().error.code).toBe('PLAYBOOK_STEP_NOT_FOUND');
    const bad = await api(userId).one('Bad%20Id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('walks week 1 (insight, quiz scored on the server, photo challenge) and opens week 2', async () => {
    const userId = await newPlayer(h);
    const me = api(userId);
    expect((await me.start('comfort-zone')).statusCode).toBe(201);
    expect((await me.start('comfort-zone')).statusCode).toBe(200);

    const detail = (await me.one('comfort-zone')).json();
    expect(detail.weekList.map((w: { open: boolean }) => w.open)).toEqual([true, false, false, false]);
    expect(detail.weekList[0].steps.map((s: { kind: string }) => s.kind)).toEqual(['insight', 'quiz', 'challenge']);

    // A week-2 step is not open yet.
    const early = await me.complete('comfort-zone', 'cz-w2-insight');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('PLAYBOOK_STEP_LOCKED');
    expect((await me.step('comfort-zone', 'cz-w2-insight')).statusCode).toBe(409);

    const insight = await me.complete('comfort-zone', 'cz-w1-insight');
    expect(insight.statusCode).toBe(200);
    expect(insight.json()).toMatchObject({ xpAwarded: 10, weekCompleted: false, playbookCompleted: false });
    expect(insight.json().progress.totalXP).toBe(10);

    // The quiz as the player sees it: questions and choices, no answers.
    const quiz = (await me.step('comfort-zone', 'cz-w1-quiz')).json();
    expect(quiz.questions).toHaveLength(2);
    expect(JSON.stringify(quiz)).not.toMatch(/"answer"|explanation/);

    // The client cannot claim it was right; every question needs an answer that exists.
    const claim = await me.complete('comfort-zone', 'cz-w1-quiz', { answers: [1, 1], correct: true });
    expect(claim.statusCode).toBe(400);
    const short = await me.complete('comfort-zone', 'cz-w1-quiz', { answers: [1] });
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'answers' });
    const noSuch = await me.complete('comfort-zone', 'cz-w1-quiz', { answers: [1, 5] });
    expect(noSuch.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'answers.1' });

    // One right (question 1's answer is 1), one wrong: half the quiz XP, each answer explained.
    const scored = await me.complete('comfort-zone', 'cz-w1-quiz', { answers: [1, 2] });
    expect(scored.statusCode).toBe(200);
    expect(scored.json().xpAwarded).toBe(15);
    expect(scored.json().step.results).toEqual([
      { chosen: 1, answer: 1, correct: true, explanation: expect.stringContaining('stretch zone') },
      { chosen: 2, answer: 1, correct: false, explanation: expect.stringContaining('location marker') },
    ]);
    expect((await me.complete('comfort-zone', 'cz-w1-quiz', { answers: [1, 1] })).statusCode).toBe(409);

    // The challenge wants a photo of the player's own.
    const noPhoto = await me.complete('comfort-zone', 'cz-w1-challenge', { proofType: 'photo' });
    expect(noPhoto.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please select a photo',
      field: 'photoId',
    });
    const stranger = await newPlayer(h);
    const theirs = await me.complete('comfort-zone', 'cz-w1-challenge', {
      proofType: 'photo',
      photoId: photoOf(stranger),
    });
    expect(theirs.statusCode).toBe(400);
    const done = await me.complete('comfort-zone', 'cz-w1-challenge', { proofType: 'photo', photoId: photoOf(userId) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ xpAwarded: 50, weekCompleted: true, playbookCompleted: false });
    expect(done.json().progress.totalXP).toBe(75);
    expect(await totalXp(userId)).toBe(75);

    const after = (await me.one('comfort-zone')).json();
    expect(after).toMatchObject({ state: 'in_progress', currentWeek: 2, doneSteps: 3, xpEarned: 75 });
    expect(after.weekList.map((w: { open: boolean; done: boolean }) => [w.open, w.done])).toEqual([
      [true, true],
      [true, false],
      [false, false],
      [false, false],
    ]);
    expect((await me.step('comfort-zone', 'cz-w2-insight')).statusCode).toBe(200);
    expect(await outbox('quests.playbook-step.completed.v1', userId)).toBe(3);
  });

  it('awards a step XP exactly once under 50 parallel completions', async () => {
    const userId = await newPlayer(h);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api(userId).complete('comfort-zone', 'cz-w1-insight')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('PLAYBOOK_STEP_ALREADY_COMPLETED');
    expect(await totalXp(userId)).toBe(10);
    expect(
      await count(h, `SELECT count(*) FROM quests.xp_ledger WHERE user_id = $1 AND reason = 'playbook_step'`, [userId]),
    ).toBe(1);
    expect(await outbox('quests.playbook-step.completed.v1', userId)).toBe(1);
    expect(await outbox('quests.xp.awarded.v1', userId)).toBe(1);
  });

  it('finishes a playbook: every step once, the completion bonus, a level-up and the completed state', async () => {
    const userId = await newPlayer(h);
    const results = await completeAll(userId, 'comfort-zone');
    const last = results[results.length - 1];
    expect(last).toMatchObject({ playbookCompleted: true, weekCompleted: true, completionXp: 200 });
    const stepsXp = results.reduce((n, r) => n + r.xpAwarded, 0);
    expect(stepsXp).toBe(4 * 10 + 4 * 30 + (50 + 60 + 70 + 80) + 15);
    expect(await totalXp(userId)).toBe(stepsXp + 200);
    expect(results.some((r) => r.levelUp !== null)).toBe(true);
    const detail = (await api(userId).one('comfort-zone')).json();
    expect(detail).toMatchObject({ state: 'completed', doneSteps: 13, xpEarned: stepsXp + 200 });
    expect(detail.completedAt).toEqual(expect.any(String));
    expect(await outbox('quests.playbook.completed.v1', userId)).toBe(1);
  });

  it('reflections, proof and answers are their author’s only', async () => {
    const author = await newPlayer(h);
    await completeAll(author, 'comfort-zone');
    const own = (await api(author).step('comfort-zone', 'cz-w4-reflection')).json();
    expect(own.reflection).toBe('I wave at the neighbour now, and she waves back.');
    const other = await newPlayer(h);
    const theirs = await api(other).step('comfort-zone', 'cz-w4-reflection');
    // Another player sees the step (or its lock), never the author's text or progress.
    expect(theirs.body).not.toContain('neighbour now');
    const list = (await api(other).list()).json();
    expect(list.playbooks[0]).toMatchObject({ state: 'available', doneSteps: 0, xpEarned: 0 });
  });
});

describe('unlocks', () => {
  it('a level-1 player cannot start or work on a level-3 playbook', async () => {
    const userId = await newPlayer(h);
    for (const res of [
      await api(userId).start('gratitude'),
      await api(userId).complete('gratitude', 'gr-w1-insight'),
      await api(userId).step('gratitude', 'gr-w1-insight'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'PLAYBOOK_LOCKED',
        message: 'This playbook unlocks at Level 3, or with Pro.',
      });
    }
    // The overview stays readable: what the player would unlock.
    expect((await api(userId).one('gratitude')).json()).toMatchObject({ state: 'locked', access: 'locked' });
  });

  it('after losing Pro, a Pro-only playbook keeps its progress and finished steps but asks for Pro to go on', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    const me = api(userId);
    expect((await me.start('money-habits')).statusCode).toBe(201);
    expect((await me.complete('money-habits', 'mh-w1-insight')).statusCode).toBe(200);

    await changeEntitlement(h.bus, userId, { version: 2, isActive: false });
    const summary = (await me.list()).json().playbooks.find((p: { id: string }) => p.id === 'money-habits');
    expect(summary).toMatchObject({ state: 'in_progress', access: 'locked', doneSteps: 1 });
    const read = await me.step('money-habits', 'mh-w1-insight');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ done: true, body: expect.stringContaining('money glance') });
    const next = await me.complete('money-habits', 'mh-w1-quiz', { answers: [1, 1] });
    expect(next.statusCode).toBe(403);
    expect(next.json().error.code).toBe('PLAYBOOK_LOCKED');

    await changeEntitlement(h.bus, userId, { version: 3, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    expect((await me.complete('money-habits', 'mh-w1-quiz', { answers: [1, 1] })).statusCode).toBe(200);
  });
});

describe('versions', () => {
  it('keeps a player on the version they started when a new one is published', async () => {
    const before = await newPlayer(h);
    expect((await api(before).start('comfort-zone')).statusCode).toBe(201);
    const v2 = structuredClone(content('comfort-zone'));
    v2.version = 2;
    v2.weeks[0]!.steps[0]!.title = 'The edge, revisited';
    v2.weeks[0]!.steps.push({
      id: 'cz-w1-reflection',
      kind: 'reflection',
      title: 'Where is your door?',
      body: 'Which small door did you notice this week?',
    });
    const original = definitions;
    definitions = [...definitions, v2];
    try {
      const after = await newPlayer(h);
      expect((await api(after).start('comfort-zone')).json()).toMatchObject({ version: 2, totalSteps: 14 });
      const pinned = (await api(before).one('comfort-zone')).json();
      expect(pinned).toMatchObject({ version: 1, totalSteps: 13 });
      expect(pinned.weekList[0].steps[0].title).toBe('The edge is closer than you think');
      // The step that exists only in v2 is not the pinned player's.
      expect((await api(before).complete('comfort-zone', 'cz-w1-reflection', { reflection: 'x' })).statusCode).toBe(
        404,
      );
      expect((await api(after).complete('comfort-zone', 'cz-w1-insight')).statusCode).toBe(200);
      expect(
        (await h.sql.query(`SELECT source_key FROM quests.xp_ledger WHERE user_id = $1`, [after])).rows[0].source_key,
      ).toBe(`playbook:${after}:comfort-zone:v2:cz-w1-insight`);
    } finally {
      definitions = original;
    }
  });
});

describe('your data and account deletion', () => {
  it('exports playbook progress with answers and reflections, then erases them with the account', async () => {
    const userId = await newPlayer(h);
    await api(userId).complete('comfort-zone', 'cz-w1-insight');
    await api(userId).complete('comfort-zone', 'cz-w1-quiz', { answers: [1, 0] });
    const exported = await h.as(userId)('GET', '/api/quests/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().playbooks).toEqual([
      expect.objectContaining({
        playbookId: 'comfort-zone',
        version: 1,
        xpEarned: 25,
        completedAt: null,
        steps: [
          expect.objectContaining({ stepId: 'cz-w1-insight', kind: 'insight', xp: 10, answers: null }),
          expect.objectContaining({ stepId: 'cz-w1-quiz', kind: 'quiz', xp: 15, answers: [1, 0] }),
        ],
      }),
    ]);
    expect(await count(h, 'SELECT count(*) FROM quests.playbook_step WHERE user_id = $1', [userId])).toBe(2);
    await deleteUser(h.bus, userId);
    await expect
      .poll(() => count(h, 'SELECT count(*) FROM quests.playbook_progress WHERE user_id = $1', [userId]), {
        timeout: 5000,
      })
      .toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.playbook_step WHERE user_id = $1', [userId])).toBe(0);
  });
});
