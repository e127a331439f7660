// Assessments (issue 24, decision 0049): the list, resume, server scoring against hand-computed
// answers (reverse keys included), Pro-only assessments refused to free players, authorization (no
// one reads another's answers or results), the dashboard's change since the last take, the friends'
// view (anonymous, nothing below three ratings), "Your data" and erasure with either account.
import { FriendshipChanged } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { changeEntitlement, deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssessmentDefinitions } from '../src/assessment-catalogue';
import { count, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const content = Object.fromEntries(loadAssessmentDefinitions().map((d) => [d.id, d]));
/** The same answer to every item of an assessment. */
const all = (id: string, answer: number) => Object.fromEntries(content[id]!.items.map((i) => [i.id, answer]));

const api = (userId: string) => {
  const call = h.as(userId);
  return {
    list: () => call('GET', '/api/quests/assessments'),
    one: (id: string) => call('GET', `/api/quests/assessments/${id}`),
    save: (id: string, answers: unknown) => call('PUT', `/api/quests/assessments/${id}/answers`, { answers }),
    submit: (id: string, answers?: unknown) =>
      call('POST', `/api/quests/assessments/${id}/submit`, answers === undefined ? {} : { answers }),
    result: (resultId: string) => call('GET', `/api/quests/assessments/results/${resultId}`),
    dashboard: () => call('GET', '/api/quests/assessments/dashboard'),
    raters: (id: string) => call('GET', `/api/quests/assessments/${id}/raters`),
    invite: (id: string, friendIds: string[]) =>
      call('POST', `/api/quests/assessments/${id}/rating-invites`, { friendIds }),
    requests: () => call('GET', '/api/quests/me/rating-requests'),
    request: (requestId: string) => call('GET', `/api/quests/rating-requests/${requestId}`),
    rate: (requestId: string, answers: unknown) =>
      call('POST', `/api/quests/rating-requests/${requestId}`, { answers }),
  };
};

let version = 0;
async function befriend(a: string, b: string, friends = true) {
  await h.bus.publish(
    newEvent(FriendshipChanged.subject, a, {
      otherUserId: b,
      change: friends ? 'accepted' : 'removed',
      friends,
      version: ++version,
    }),
  );
  await h.bus.idle();
}

const scoresOf = (body: { dimensions: { key: string; score: number; band: string }[] }) =>
  Object.fromEntries(body.dimensions.map((d) => [d.key, [d.score, d.band]]));

describe('the list and resume', () => {
  it('lists the five assessments with their length, Pro flag and the caller state', async () => {
    const me = api(await newPlayer(h));
    const res = await me.list();
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.isPro).toBe(false);
    expect(
      list.assessments.map((a: { id: string; itemCount: number; access: string; state: string }) => [
        a.id,
        a.itemCount,
        a.access,
        a.state,
      ]),
    ).toEqual([
      ['big-five', 50, 'open', 'new'],
      ['comfort-zone', 12, 'open', 'new'],
      ['social-energy', 12, 'open', 'new'],
      ['routine-and-habits', 12, 'pro', 'new'],
      ['resilience', 12, 'pro', 'new'],
    ]);
  });

  it('saves answers as the player goes and gives them back to resume; a later answer replaces an earlier one', async () => {
    const me = api(await newPlayer(h));
    expect((await me.save('comfort-zone', { ns1: 2, rt1: 3 })).json()).toEqual({ answered: 2, total: 12 });
    expect((await me.save('comfort-zone', { ns1: 5, ns2: 1 })).json()).toEqual({ answered: 3, total: 12 });
    const detail = (await me.one('comfort-zone')).json();
    expect(detail.answers).toEqual({ ns1: 5, rt1: 3, ns2: 1 });
    expect(detail.state).toBe('in_progress');
    expect(detail.items).toHaveLength(12);
    expect(detail.items[0]).toEqual({ id: 'ns1', text: content['comfort-zone']!.items[0]!.text });
    const row = (await me.list()).json().assessments.find((a: { id: string }) => a.id === 'comfort-zone');
    expect(row).toMatchObject({ state: 'in_progress', answered: 3 });
  });

  it('answers bad input with a 4xx and a stable code', async () => {
    const me = api(await newPlayer(h));
    expect((await me.save('comfort-zone', { nope: 3 })).json().error.code).toBe('ASSESSMENT_UNKNOWN_ITEM');
    expect((await me.save('comfort-zone', { ns1: 6 })).statusCode).toBe(400);
    expect((await me.save('comfort-zone', { ns1: 0 })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await me.save('comfort-zone', { ns1: 2.5 })).statusCode).toBe(400);
    expect((await me.save('comfort-zone', 'all of them')).statusCode).toBe(400);
    expect((await me.one('no-such-test')).statusCode).toBe(404);
    expect((await me.one('no-such-test')).json().error.code).toBe('ASSESSMENT_NOT_FOUND');
    expect((await me.one('Big Five')).statusCode).toBe(400);
    await me.save('comfort-zone', { ns1: 2 });
    const early = await me.submit('comfort-zone');
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({
      code: 'ASSESSMENT_INCOMPLETE',
      message: '11 questions still to answer.',
    });
    expect((await me.result('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('scoring on the server', () => {
  it('scores comfort zone against hand-computed answers, reverse keys included', async () => {
    const me = api(await newPlayer(h));
    // novelty-seeking: + items ns1 ns3 ns5 answered 5, − items ns2 ns4 ns6 answered 1 → every keyed answer 5 → 100.
    // risk-tolerance: rt1 + 2, rt2 − 2 → 4, rt3 + 3, rt4 − 5 → 1, rt5 + 4, rt6 − 1 → 5: 19 / 6 = 3.1667 → 54.
    await me.save('comfort-zone', { ns1: 5, ns2: 1, ns3: 5, ns4: 1, ns5: 5, ns6: 1 });
    const res = await me.submit('comfort-zone', { rt1: 2, rt2: 2, rt3: 3, rt4: 5, rt5: 4, rt6: 1 });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(scoresOf(result)).toEqual({ 'novelty-seeking': [100, 'high'], 'risk-tolerance': [54, 'middle'] });
    expect(result).toMatchObject({ assessmentId: 'comfort-zone', assessmentVersion: 1, scoringVersion: 1 });
    expect(result.dimensions[0].reading).toBe(content['comfort-zone']!.dimensions[0]!.bands.high);
    expect(result.dimensions[0].change).toBeNull();
    // The raw answers and the scoring version are kept on the shared row.
    const { rows } = await h.sql.query(
      'SELECT answers, scores, scoring_version FROM quests.assessment_result WHERE id = $1',
      [result.id],
    );
    expect(rows[0].answers).toMatchObject({ ns1: 5, rt4: 5 });
    expect(rows[0].scores).toEqual({ 'novelty-seeking': 100, 'risk-tolerance': 54 });
    expect(rows[0].scoring_version).toBe(1);
    // The draft is gone: the list shows the take done.
    expect((await me.list()).json().assessments[1]).toMatchObject({ state: 'completed', answered: 0 });
  });

  it('scores the Big Five with its published reverse keys: "very accurate" to all 50 items', async () => {
    const me = api(await newPlayer(h));
    // All 5s: E 5 + and 5 − → 30/10 = 3 → 50; A and C 6 + 4 − → 34/10 → 60; emotional stability
    // 2 + 8 − → 18/10 → 20; intellect 7 + 3 − → 38/10 → 70.
    const result = (await me.submit('big-five', all('big-five', 5))).json();
    expect(scoresOf(result)).toEqual({
      extraversion: [50, 'middle'],
      agreeableness: [60, 'middle'],
      conscientiousness: [60, 'middle'],
      'emotional-stability': [20, 'low'],
      intellect: [70, 'high'],
    });
  });
});

describe('Pro-only assessments', () => {
  it('are refused to a free player (403 ASSESSMENT_PRO_ONLY) and open with Pro', async () => {
    const userId = await newPlayer(h);
    const me = api(userId);
    for (const res of [
      await me.one('resilience'),
      await me.save('resilience', { bb1: 3 }),
      await me.submit('resilience', all('resilience', 3)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ASSESSMENT_PRO_ONLY');
    }
    expect(await count(h, 'SELECT count(*) FROM quests.assessment_result WHERE user_id = $1', [userId])).toBe(0);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    expect((await me.list()).json().assessments[4]).toMatchObject({ id: 'resilience', access: 'open', pro: true });
    expect((await me.one('resilience')).statusCode).toBe(200);
    expect((await me.submit('resilience', all('resilience', 3))).statusCode).toBe(201);
  });
});

describe('authorization', () => {
  it('nobody reads another player’s answers or results', async () => {
    const ana = api(await newPlayer(h));
    const ben = api(await newPlayer(h));
    await ana.save('social-energy', { se1: 5, si1: 4 });
    const result = (await ana.submit('comfort-zone', all('comfort-zone', 4))).json();
    expect((await ben.one('social-energy')).json().answers).toEqual({});
    const theirs = await ben.result(result.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('ASSESSMENT_RESULT_NOT_FOUND');
    expect((await ben.dashboard()).json()).toEqual({ assessments: [] });
    expect((await ana.result(result.id)).statusCode).toBe(200);
    const anonymous = await h.quests.app.inject({ method: 'GET', url: '/api/quests/assessments/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the dashboard', () => {
  it('shows every take over time and the change since the last take', async () => {
    const me = api(await newPlayer(h));
    h.clock.set('2026-01-14T12:00:00Z');
    await me.submit('comfort-zone', all('comfort-zone', 3)); // 50 / 50
    h.clock.set('2026-02-14T12:00:00Z');
    // ns + items 5, − items 1 → 100; rt all 4 → (4+2)/2 = 3 → 50.
    await me.submit('comfort-zone', { ...all('comfort-zone', 4), ns1: 5, ns2: 1, ns3: 5, ns4: 1, ns5: 5, ns6: 1 });
    h.clock.set('2026-01-14T12:00:00Z');
    const dash = (await me.dashboard()).json();
    expect(dash.assessments).toHaveLength(1);
    const cz = dash.assessments[0];
    expect(cz.takes.map((t: { completedAt: string; scores: unknown }) => [t.completedAt, t.scores])).toEqual([
      ['2026-01-14T12:00:00.000Z', { 'novelty-seeking': 50, 'risk-tolerance': 50 }],
      ['2026-02-14T12:00:00.000Z', { 'novelty-seeking': 100, 'risk-tolerance': 50 }],
    ]);
    expect(cz.latest.dimensions.map((d: { key: string; change: number }) => [d.key, d.change])).toEqual([
      ['novelty-seeking', 50],
      ['risk-tolerance', 0],
    ]);
    expect(cz.friends).toBeUndefined();
  });
});

describe("friends' view", () => {
  it('asks only friends, shows nothing below three ratings, then averages; no rater id ever reaches the player', async () => {
    const rateeId = await newPlayer(h, { name: 'Maya' });
    const raters = [
      await newPlayer(h, { name: 'Ro' }),
      await newPlayer(h, { name: 'Sol' }),
      await newPlayer(h, { name: 'Tam' }),
    ];
    const stranger = await newPlayer(h);
    for (const r of raters) await befriend(rateeId, r);
    const maya = api(rateeId);
    await maya.submit('big-five', all('big-five', 3)); // 50 everywhere

    expect((await maya.invite('big-five', [stranger])).json().error.code).toBe('NOT_FRIENDS');
    expect((await maya.invite('comfort-zone', raters)).json().error.code).toBe('ASSESSMENT_NOT_RATEABLE');
    expect(
      (await maya.raters('big-five'))
        .json()
        .friends.map((f: { name: string; invited: boolean }) => [f.name, f.invited]),
    ).toEqual([
      ['Ro', false],
      ['Sol', false],
      ['Tam', false],
    ]);
    expect((await maya.invite('big-five', raters)).json()).toEqual({ invited: 3 });
    expect((await maya.invite('big-five', raters)).json()).toEqual({ invited: 0 });

    // Each rater sees who asked; the items read about the friend.
    const requestOf = async (raterId: string) => {
      const list = (await api(raterId).requests()).json().requests;
      expect(list).toEqual([
        expect.objectContaining({
          assessmentId: 'big-five',
          friend: expect.objectContaining({ name: 'Maya' }),
          ratedAt: null,
        }),
      ]);
      return list[0].id as string;
    };
    const ids = [await requestOf(raters[0]!), await requestOf(raters[1]!), await requestOf(raters[2]!)];
    const detail = (await api(raters[0]!).request(ids[0]!)).json();
    expect(detail.items[0]).toEqual({ id: 'e1', text: 'Is the life of the party.' });
    // Only its rater may read or answer a request.
    expect((await api(stranger).request(ids[0]!)).statusCode).toBe(404);
    expect((await api(rateeId).request(ids[0]!)).statusCode).toBe(404);
    expect((await api(stranger).rate(ids[0]!, all('big-five', 5))).json().error.code).toBe('RATING_REQUEST_NOT_FOUND');
    expect((await api(raters[0]!).rate(ids[0]!, { e1: 5 })).json().error.code).toBe('ASSESSMENT_INCOMPLETE');

    // Ratings: all 5s (E 50, A 60, C 60, ES 20, I 70), all 1s (E 50, A 40, C 40, ES 80, I 30), all 5s.
    expect((await api(raters[0]!).rate(ids[0]!, all('big-five', 5))).statusCode).toBe(200);
    expect((await api(raters[0]!).rate(ids[0]!, all('big-five', 5))).json().error.code).toBe('RATING_ALREADY_GIVEN');
    expect((await api(raters[1]!).rate(ids[1]!, all('big-five', 1))).statusCode).toBe(200);
    expect((await maya.dashboard()).json().assessments[0].friends).toEqual({ ready: false });

    await api(raters[2]!).rate(ids[2]!, all('big-five', 5));
    const dash = await maya.dashboard();
    const friends = dash.json().assessments[0].friends;
    expect(friends.ready).toBe(true);
    expect(friends.ratings).toBe(3);
    // (60 + 40 + 60) / 3 = 53.3 → 53; ES (20 + 80 + 20) / 3 = 40; I (70 + 30 + 70) / 3 = 56.7 → 57.
    expect(
      friends.dimensions.map((d: { key: string; self: number; friends: number }) => [d.key, d.self, d.friends]),
    ).toEqual([
      ['extraversion', 50, 50],
      ['agreeableness', 50, 53],
      ['conscientiousness', 50, 53],
      ['emotional-stability', 50, 40],
      ['intellect', 50, 57],
    ]);
    // Anonymous: no rater's id or name appears anywhere the player can read.
    for (const body of [
      dash.body,
      (await maya.list()).body,
      (await maya.one('big-five')).body,
      (await h.as(rateeId)('GET', '/api/quests/me/export')).body,
    ])
      for (const raterId of raters) expect(body).not.toContain(raterId);

    // A rater who deletes their account takes their rating along: back below the floor, nothing shows.
    await deleteUser(h.bus, raters[1]!);
    await expect
      .poll(async () => (await maya.dashboard()).json().assessments[0].friends, { timeout: 5000 })
      .toEqual({ ready: false });
  });
});

describe('a rating under a race', () => {
  it('counts a friend once when the same rating is sent ten times at once', async () => {
    const rateeId = await newPlayer(h);
    const raterId = await newPlayer(h);
    await befriend(rateeId, raterId);
    await api(rateeId).invite('big-five', [raterId]);
    const requestId = (await api(raterId).requests()).json().requests[0].id;
    const answers = all('big-five', 4);
    const codes = (await Promise.all(Array.from({ length: 10 }, () => api(raterId).rate(requestId, answers)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(
      await count(h, 'SELECT count(*) FROM quests.assessment_rating WHERE ratee_id = $1 AND rated_at IS NOT NULL', [
        rateeId,
      ]),
    ).toBe(1);
  });
});

describe('your data and account deletion', () => {
  it('exports answers, results and ratings given, then erases them with the account', async () => {
    const userId = await newPlayer(h);
    const friendId = await newPlayer(h);
    await befriend(userId, friendId);
    const me = api(userId);
    await me.submit('comfort-zone', all('comfort-zone', 2));
    await me.save('social-energy', { se1: 4 });
    await api(friendId).invite('big-five', [userId]);
    const requestId = (await me.requests()).json().requests[0].id;
    await me.rate(requestId, all('big-five', 4));

    const exported = (await h.as(userId)('GET', '/api/quests/me/export')).json().assessments;
    expect(exported.results).toEqual([
      expect.objectContaining({
        assessmentId: 'comfort-zone',
        scoringVersion: 1,
        answers: all('comfort-zone', 2),
        scores: { 'novelty-seeking': 50, 'risk-tolerance': 50 },
      }),
    ]);
    expect(exported.inProgress).toEqual([
      expect.objectContaining({ assessmentId: 'social-energy', answers: { se1: 4 } }),
    ]);
    expect(exported.ratingsGiven).toEqual([
      expect.objectContaining({ assessmentId: 'big-five', friendId, answers: all('big-five', 4) }),
    ]);
    expect(exported.ratingsReceived).toEqual([]);

    await deleteUser(h.bus, userId);
    await expect
      .poll(() => count(h, 'SELECT count(*) FROM quests.assessment_result WHERE user_id = $1', [userId]), {
        timeout: 5000,
      })
      .toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.assessment_draft WHERE user_id = $1', [userId])).toBe(0);
    expect(
      await count(h, 'SELECT count(*) FROM quests.assessment_rating WHERE rater_id = $1 OR ratee_id = $1', [userId]),
    ).toBe(0);
  });
});
