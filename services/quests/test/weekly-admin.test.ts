import { randomUUID } from 'node:crypto';
import { weekNumberOfDate } from '@vere/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const caller =
  (token: string | null, app = h.quests.app) =>
  (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
const admin = (app = h.quests.app) => caller(h.issuer.sign(randomUUID(), { role: 'admin' }), app);

const valid = {
  title: 'Write a Letter by Hand',
  category: 'Connection',
  preview: 'Send one handwritten letter this week.',
  why: 'A letter is slow, and that is why it matters.',
  insight: 'Handwriting helps us remember and slows our thinking down.',
  challenge: 'Write a one-page letter to someone and post it.\n- Instead of typing, use a pen.',
  reflection: 'What did you say that you would not have typed?',
};

describe('challenge management', () => {
  it('refuses people without the admin role (403) and without a token (401), changing nothing', async () => {
    const before = await count(h, 'SELECT count(*) FROM quests.challenge', []);
    const {
      rows: [some],
    } = await h.sql.query('SELECT id FROM quests.challenge LIMIT 1');
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/quests/admin/challenges'],
      ['POST', '/api/quests/admin/challenges', valid],
      ['PATCH', `/api/quests/admin/challenges/${some.id}`, { title: 'Hacked' }],
      ['DELETE', `/api/quests/admin/challenges/${some.id}`],
      ['PUT', '/api/quests/admin/weeks/3000/challenge', { challengeId: some.id }],
      ['POST', '/api/quests/admin/rotations', { targetWeekNumber: 3001 }],
    ];
    const user = await newPlayer(h);
    for (const token of [
      h.issuer.sign(user),
      h.issuer.sign(user, { role: 'superuser' }),
      h.issuer.sign(user, { role: 'Admin' }),
    ]) {
      for (const [method, url, body] of calls) {
        const res = await caller(token)(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
    for (const [method, url, body] of calls) {
      expect((await caller(null)(method, url, body)).json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await count(h, 'SELECT count(*) FROM quests.challenge', [])).toBe(before);
    expect(await count(h, `SELECT count(*) FROM quests.challenge WHERE title = 'Hacked' OR NOT is_active`, [])).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_challenge WHERE week_number IN (3000, 3001)', [])).toBe(
      0,
    );
  });

  it('creates, updates and retires challenges; retired ones leave the rotation', async () => {
    const call = admin();
    const created = await call('POST', '/api/quests/admin/challenges', valid);
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ ...valid, isActive: true });
    expect(c.sequence).toBeGreaterThan(52);
    const updated = await call('PATCH', `/api/quests/admin/challenges/${c.id}`, {
      title: 'Write Two Letters by Hand',
      category: 'Mindfulness',
    });
    expect(updated.json()).toMatchObject({
      title: 'Write Two Letters by Hand',
      category: 'Mindfulness',
      why: valid.why,
    });
    const retired = await call('DELETE', `/api/quests/admin/challenges/${c.id}`);
    expect(retired.json()).toMatchObject({ id: c.id, isActive: false });
    const list = (await call('GET', '/api/quests/admin/challenges')).json().challenges;
    expect(list.map((x: { id: string }) => x.id)).not.toContain(c.id);
    const all = (await call('GET', '/api/quests/admin/challenges?includeInactive=true')).json().challenges;
    expect(all.map((x: { id: string }) => x.id)).toContain(c.id);

    // The rotation tracker points at the last seeded one (52nd): the next rotation wraps to the first active, skipping the retired.
    await h.sql.query(
      `UPDATE quests.challenge_rotation_tracker SET last_used_challenge_id = (SELECT id FROM quests.challenge WHERE sequence = 52)`,
    );
    const rotated = await call('POST', '/api/quests/admin/rotations', { targetWeekNumber: 4000 });
    expect(rotated.statusCode).toBe(201);
    expect(rotated.json()).toMatchObject({
      weekNumber: 4000,
      startDate: '2046-09-02',
      endDate: '2046-09-08',
      title: 'The Unfamiliar Neighbourhood',
    });
  });

  it('assigns a challenge to a week, and refuses to replace one people have taken', async () => {
    const call = admin();
    const { rows } = await h.sql.query('SELECT id FROM quests.challenge WHERE is_active ORDER BY sequence LIMIT 2');
    const res = await call('PUT', '/api/quests/admin/weeks/4100/challenge', { challengeId: rows[0].id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weekNumber: 4100, challengeId: rows[0].id });
    const replaced = await call('PUT', '/api/quests/admin/weeks/4100/challenge', { challengeId: rows[1].id });
    expect(replaced.json()).toMatchObject({ id: res.json().id, challengeId: rows[1].id });

    // Someone accepts this week's challenge: from then on it stays.
    const week = weekNumberOfDate('2026-01-14');
    await call('PUT', `/api/quests/admin/weeks/${week}/challenge`, { challengeId: rows[0].id });
    h.clock.set('2026-01-14T12:00:00Z');
    const user = await newPlayer(h);
    const current = await h.quests.app.inject({
      method: 'GET',
      url: '/api/quests/me/weekly',
      headers: { authorization: `Bearer ${h.issuer.sign(user)}` },
    });
    const id = current.json().challenges[0].id;
    await h.quests.app.inject({
      method: 'POST',
      url: `/api/quests/me/weekly/${id}/accept`,
      headers: { authorization: `Bearer ${h.issuer.sign(user)}` },
    });
    const inUse = await call('PUT', `/api/quests/admin/weeks/${week}/challenge`, { challengeId: rows[1].id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('WEEK_IN_USE');
  });

  it('answers "No data returned from rotation function" when the week already has a challenge, once for two replicas racing', async () => {
    const other = await h.second();
    const [a, b] = await Promise.all([
      admin()('POST', '/api/quests/admin/rotations', { targetWeekNumber: 4200 }),
      admin(other.app)('POST', '/api/quests/admin/rotations', { targetWeekNumber: 4200 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toEqual({
      code: 'ROTATION_EMPTY',
      message: 'No data returned from rotation function',
    });
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_challenge WHERE week_number = 4200', [])).toBe(1);
  });

  it('documents the weekly and admin routes in the OpenAPI document', async () => {
    const res = await h.quests.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/quests/me/weekly',
      '/api/quests/me/weekly/{id}/complete',
      '/api/quests/me/weekly/victories',
      '/api/quests/admin/challenges',
      '/api/quests/admin/rotations',
      '/api/quests/admin/weeks/{weekNumber}/challenge',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('validates every input: 4xx with a stable code, nothing stored', async () => {
    const call = admin();
    const before = await count(h, 'SELECT count(*) FROM quests.challenge', []);
    const weeksBefore = await count(h, 'SELECT count(*) FROM quests.weekly_challenge', []);
    const {
      rows: [some],
    } = await h.sql.query('SELECT id FROM quests.challenge WHERE is_active LIMIT 1');
    const {
      rows: [retired],
    } = await h.sql.query(
      `INSERT INTO quests.challenge (id, title, category, preview, why, insight, challenge, reflection, is_active)
       VALUES ($1, 'Old', 'Exploration', 'p', 'w', 'i', 'c', 'r', false) RETURNING id`,
      [randomUUID()],
    );
    const cases: [Method, string, unknown, number, string][] = [
      ['POST', '/api/quests/admin/challenges', { ...valid, category: 'Fitness' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', { ...valid, title: '' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', { ...valid, title: '   ' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', { ...valid, title: 'x'.repeat(121) }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', { ...valid, why: undefined }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', { ...valid, isActive: false, sequence: 1 }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/challenges', [], 400, 'VALIDATION_FAILED'],
      ['PATCH', `/api/quests/admin/challenges/${some.id}`, {}, 400, 'VALIDATION_FAILED'],
      ['PATCH', `/api/quests/admin/challenges/${some.id}`, { category: 'Fitness' }, 400, 'VALIDATION_FAILED'],
      ['PATCH', `/api/quests/admin/challenges/${some.id}`, { id: randomUUID() }, 400, 'VALIDATION_FAILED'],
      ['PATCH', '/api/quests/admin/challenges/not-a-uuid', { title: 'T' }, 400, 'VALIDATION_FAILED'],
      ['PATCH', `/api/quests/admin/challenges/${randomUUID()}`, { title: 'T' }, 404, 'CHALLENGE_NOT_FOUND'],
      ['DELETE', `/api/quests/admin/challenges/${randomUUID()}`, undefined, 404, 'CHALLENGE_NOT_FOUND'],
      ['DELETE', '/api/quests/admin/challenges/1', undefined, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/0/challenge', { challengeId: some.id }, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/abc/challenge', { challengeId: some.id }, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/1.5/challenge', { challengeId: some.id }, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/99999999/challenge', { challengeId: some.id }, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/4300/challenge', { challengeId: 'x' }, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/4300/challenge', {}, 400, 'VALIDATION_FAILED'],
      ['PUT', '/api/quests/admin/weeks/4300/challenge', { challengeId: randomUUID() }, 404, 'CHALLENGE_NOT_FOUND'],
      ['PUT', '/api/quests/admin/weeks/4300/challenge', { challengeId: retired.id }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/rotations', {}, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/rotations', { targetWeekNumber: -1 }, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/quests/admin/rotations', { targetWeekNumber: 'next' }, 400, 'VALIDATION_FAILED'],
      ['GET', '/api/quests/admin/challenges?includeInactive=maybe', undefined, 400, 'VALIDATION_FAILED'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await count(h, 'SELECT count(*) FROM quests.challenge', [])).toBe(before + 1);
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_challenge', [])).toBe(weeksBefore);
  });
});
