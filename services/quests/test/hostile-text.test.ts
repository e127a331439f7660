import { randomUUID } from 'node:crypto';
import { weekDates, weekNumberOfDate } from '@vere/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, count, newPlayer, sidequestIds, startQuests, type QuestsHarness } from './helper';

/*
 * Issue 21, defect 3: a NUL reached PostgreSQL (which refuses 0x00) and came back as 500 INTERNAL. Every
 * string a client sends now carries the contracts' text rule: 400 VALIDATION_FAILED on the field.
 */
let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const HOSTILE = { NUL: 'a\u0000b', 'a lone surrogate': 'a\ud800b', SOH: 'a\u0001b', ESC: 'a\u001bb', NEL: 'a\u0085b' };

const refused = (
  res: { statusCode: number; body: string; json(): { error: unknown } },
  field: string,
  label: string,
) => {
  expect(res.statusCode, `${label} → ${res.body}`).toBe(400);
  expect(res.json().error, label).toMatchObject({ code: 'VALIDATION_FAILED', field });
};

describe('hostile text', () => {
  it("in a to-do's proof text: 400 VALIDATION_FAILED, nothing completed", async () => {
    const userId = await newPlayer(h);
    const user = as(h, userId);
    const accepted = await user.accept((await sidequestIds(h, 'daily'))[0]!);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const todoId = accepted.json().todo.id as string;
    for (const [name, text] of Object.entries(HOSTILE))
      refused(await user.complete(todoId, { proofType: 'text', proofText: text }), 'proofText', name);
    expect((await user.todos()).json().pending).toHaveLength(1);
    // Lines and tabs are still proof.
    expect((await user.complete(todoId, { proofType: 'text', proofText: 'Walked.\n\tNo phone. 🙂' })).statusCode).toBe(
      200,
    );
  });

  it("in a weekly challenge's note: 400 VALIDATION_FAILED, nothing completed", async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const n = weekNumberOfDate('2026-01-14');
    const { startDate, endDate } = weekDates(n);
    await h.sql.query(
      `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
       SELECT $1, $2, $3, $4, id FROM quests.challenge WHERE sequence = 1 ON CONFLICT (week_number) DO NOTHING`,
      [randomUUID(), n, startDate, endDate],
    );
    const { rows } = await h.sql.query<{ id: string }>(
      'SELECT id FROM quests.weekly_challenge WHERE week_number = $1',
      [n],
    );
    const id = rows[0]!.id;
    const userId = await newPlayer(h);
    const { call } = as(h, userId);
    for (const [name, text] of Object.entries(HOSTILE))
      refused(await call('POST', `/api/quests/me/weekly/${id}/complete`, { note: text }), 'note', name);
    expect(
      await count(h, 'SELECT count(*) FROM quests.user_challenge_progress WHERE user_id = $1 AND completed', [userId]),
    ).toBe(0);
    expect((await call('POST', `/api/quests/me/weekly/${id}/complete`, { note: 'Went.\nLoved it.' })).statusCode).toBe(
      200,
    );
  });

  it('in every field of a challenge an admin creates or edits: 400 VALIDATION_FAILED, nothing changed', async () => {
    const token = h.issuer.sign(randomUUID(), { role: 'admin' });
    const call = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      h.quests.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    const valid = {
      title: 'Write a Letter by Hand',
      category: 'Connection',
      preview: 'Send one handwritten letter this week.',
      why: 'A letter is slow, and that is why it matters.',
      insight: 'Handwriting helps us remember.',
      challenge: 'Write a one-page letter.\n- Instead of typing, use a pen.',
      reflection: 'What did you say that you would not have typed?',
    };
    const created = await call('POST', '/api/quests/admin/challenges', valid);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const before = await count(h, 'SELECT count(*) FROM quests.challenge', []);
    const digest = async () =>
      (await h.sql.query("SELECT md5(string_agg(c::text, ',' ORDER BY id)) AS d FROM quests.challenge c")).rows[0].d;
    const unchanged = await digest();
    for (const field of ['title', 'preview', 'why', 'insight', 'challenge', 'reflection'])
      for (const [name, text] of Object.entries(HOSTILE)) {
        refused(
          await call('POST', '/api/quests/admin/challenges', { ...valid, [field]: `Ok ${text}` }),
          field,
          `create ${field} ${name}`,
        );
        refused(
          await call('PATCH', `/api/quests/admin/challenges/${id}`, { [field]: `Ok ${text}` }),
          field,
          `edit ${field} ${name}`,
        );
      }
    expect(await count(h, 'SELECT count(*) FROM quests.challenge', [])).toBe(before);
    expect(await digest()).toBe(unchanged);
  });
});
