import { randomUUID } from 'node:crypto';
import { UserRegistered } from '@vere/contracts';
import { deleteUser, userRegistered } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const progress = (token?: string) =>
  h.quests.app.inject({
    method: 'GET',
    url: '/api/quests/me/progress',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const registered = (userId: string, name = 'Ana') => userRegistered(userId, { name, username: null });
const playerCount = async (userId: string) =>
  Number((await h.sql.query('SELECT count(*) FROM quests.player WHERE user_id = $1', [userId])).rows[0].count);

describe('player registry', () => {
  it('creates a level-1 player with 0 / 100 XP from identity.user.registered.v1', async () => {
    const userId = randomUUID();
    await h.bus.publish(registered(userId));
    await expect.poll(async () => (await progress(h.issuer.sign(userId))).statusCode, { timeout: 5000 }).toBe(200);
    expect((await progress(h.issuer.sign(userId))).json()).toEqual({
      currentLevel: 1,
      currentLevelXP: 0,
      nextLevelXP: 100,
      xpProgress: 0,
      xpToNext: 100,
      totalXP: 0,
      weeklyStreak: 0,
    });
  });

  it('applies a redelivered or re-published event once', async () => {
    const userId = randomUUID();
    const event = registered(userId);
    await h.bus.publish(event);
    await h.bus.publish(event);
    await h.bus.idle();
    expect(await playerCount(userId)).toBe(1);
    // Creating a player is not idempotent by itself: only the inbox kept the second one out.
    expect((await h.bus.deadLetters()).filter((d) => d.event.payload.eventId === event.payload.eventId)).toEqual([]);
    const inbox = await h.sql.query('SELECT count(*) FROM quests.inbox_event WHERE event_id = $1', [
      event.payload.eventId,
    ]);
    expect(Number(inbox.rows[0].count)).toBe(1);
  });

  it('dead-letters a malformed event instead of applying it', async () => {
    const userId = randomUUID();
    const bad = { subject: UserRegistered.subject, payload: { ...registered(userId).payload, name: 42 } };
    await h.bus.publish(bad as never);
    const letters = async () => (await h.bus.deadLetters()).filter((d) => d.event.payload.userId === userId);
    await expect.poll(async () => (await letters()).length, { timeout: 5_000 }).toBe(1);
    // A contract breach is permanent: dead-lettered on the first attempt, not retried.
    expect((await letters())[0]?.attempts).toBe(1);
    expect(await playerCount(userId)).toBe(0);
  });
});

describe('account deletion', () => {
  it('erases the player on identity.user.deleted.v1, and a registration arriving late does not bring it back', async () => {
    const userId = randomUUID();
    const registration = registered(userId);
    await h.bus.publish(registration);
    await h.bus.idle();
    expect(await playerCount(userId)).toBe(1);

    await deleteUser(h.bus, userId);
    expect(await playerCount(userId)).toBe(0);
    // The deleted user's tokens are refused from then on (decision 0034), not answered "no player".
    expect((await progress(h.issuer.sign(userId))).statusCode).toBe(401);

    // Consumers of different subjects keep no order between them: a registration seen after the
    // deletion (a new event id, as a replay from the dead-letter queue would be) stays ignored.
    await h.bus.publish(registered(userId));
    await h.bus.idle();
    expect(await playerCount(userId)).toBe(0);
    expect((await h.bus.deadLetters()).filter((d) => d.event.payload.userId === userId)).toEqual([]);
  });
});

describe('GET /api/quests/me/progress', () => {
  it('answers 404 PLAYER_NOT_FOUND before the player exists', async () => {
    const res = await progress(h.issuer.sign(randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
  });

  it('reflects the stored XP through the level curve', async () => {
    const userId = randomUUID();
    await h.bus.publish(registered(userId));
    await expect.poll(() => playerCount(userId), { timeout: 5000 }).toBe(1);
    await h.sql.query('UPDATE quests.player SET total_xp = 175 WHERE user_id = $1', [userId]);
    expect((await progress(h.issuer.sign(userId))).json()).toMatchObject({
      currentLevel: 2,
      currentLevelXP: 100,
      nextLevelXP: 250,
      xpToNext: 75,
    });
  });

  it.each([
    ['no token', undefined],
    ['an expired token', 'expired'],
    ['a token from another issuer', 'issuer'],
    ['garbage', 'garbage'],
  ])('answers 401 UNAUTHENTICATED with %s', async (_label, kind) => {
    const userId = randomUUID();
    const token =
      kind === 'expired'
        ? h.issuer.sign(userId, { expired: true })
        : kind === 'issuer'
          ? h.issuer.sign(userId, { issuer: 'someone-else' })
          : kind === 'garbage'
            ? 'abc.def.ghi'
            : undefined;
    const res = await progress(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
