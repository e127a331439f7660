import { randomUUID } from 'node:crypto';
import { TodoChanged, WeeklyCompleted } from '@vere/contracts';
import { localClock } from '@vere/domain';
import { newEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServiceHandle } from '../src/index';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// The challenge reminder also fires while today's to-dos are open (issue 25 point 5), checked at send
// time from quests.todo.changed.v1: a to-do done (or gone) before the minute means no reminder.
let h: IdentityHarness;
let now = new Date('2027-05-05T09:00:00Z'); // a Wednesday
beforeAll(async () => {
  h = await buildIdentity({ clock: () => now });
});
afterAll(async () => {
  await h?.close();
});

const tick = () => (h.service as IdentityServiceHandle).notificationTick();
const at = (iso: string) => new Date(iso);

async function publish<F extends Record<string, unknown>>(subject: string, userId: string, fields: F, when: Date) {
  const e = newEvent(subject, userId, fields);
  await h.bus.publish({ ...e, payload: { ...e.payload, occurredAt: when.toISOString() } });
  await h.bus.idle();
}

/** A user in UTC who already finished this week's challenge: only to-dos can make a reminder due. */
async function weekDoneUser() {
  const res = await authCalls(h.service).signUp({
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    name: 'Ravi Menon',
  });
  const id = res.json().user.id as string;
  await publish(
    WeeklyCompleted.subject,
    id,
    {
      weeklyChallengeId: randomUUID(),
      challengeId: randomUUID(),
      weekNumber: localClock(now, 'UTC').weekNumber,
      title: 'Call an old friend',
      xpAwarded: 120,
      completedAt: now.toISOString(),
      hasPhoto: false,
      podIds: [],
    },
    at('2027-05-04T10:00:00Z'),
  );
  return id;
}

const todo = (userId: string, todoId: string, change: 'added' | 'completed' | 'removed', when: string) =>
  publish(TodoChanged.subject, userId, { todoId, change, dueAt: '2027-05-06T07:00:00Z' }, at(when));

const reminders = async (userId: string) =>
  (
    await h.sql.query<{ title: string }>(
      `SELECT title FROM identity.notification WHERE user_id = $1 AND kind = 'challenge_reminder'`,
      [userId],
    )
  ).rows.map((r) => r.title);

describe('the to-do reminder', () => {
  it('fires at the preferred minute while a to-do is open, and not when it was done or removed first', async () => {
    const open = await weekDoneUser();
    const done = await weekDoneUser();
    const removed = await weekDoneUser();
    const nothing = await weekDoneUser();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await todo(open, a, 'added', '2027-05-05T07:00:00Z');
    await todo(done, b, 'added', '2027-05-05T07:00:00Z');
    await todo(done, b, 'completed', '2027-05-05T08:30:00Z');
    await todo(removed, c, 'removed', '2027-05-05T08:40:00Z');
    await todo(removed, c, 'added', '2027-05-05T07:00:00Z'); // delivered late: the removal stays
    now = at('2027-05-05T09:00:00Z');
    await tick();
    expect(await reminders(open)).toEqual(['A to-do is still open today']);
    expect(await reminders(done)).toEqual([]);
    expect(await reminders(removed)).toEqual([]);
    expect(await reminders(nothing)).toEqual([]);
  });

  it('does not remind of a to-do past its due time (the daily reset removed it)', async () => {
    const user = await weekDoneUser();
    await todo(user, randomUUID(), 'added', '2027-05-05T07:00:00Z'); // due 2027-05-06T07:00Z
    now = at('2027-05-06T09:00:00Z');
    await tick();
    expect(await reminders(user)).toEqual([]);
  });
});
