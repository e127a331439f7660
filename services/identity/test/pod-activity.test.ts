import { randomUUID } from 'node:crypto';
import {
  BlockChanged,
  MemberJoined,
  MemberLeft,
  PodStreakUpdated,
  PostInteraction,
  WeeklyCompleted,
} from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServiceHandle } from '../src/index';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// Pod activity in identity (issue 25 point 5; decision 0056): memberships from pods' events, items
// batched while unread within minutes, and the weekly digest e-mail built from them.
let h: IdentityHarness;
let now = new Date('2027-04-04T09:00:00Z'); // a Sunday
beforeAll(async () => {
  h = await buildIdentity({ clock: () => now, appUrl: 'https://vere.test' });
});
afterAll(async () => {
  await h?.close();
});

const CENTRE = '/api/identity/me/notifications';

async function account(name: string) {
  const email = uniqueEmail();
  const res = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name });
  const { accessToken, user } = res.json();
  return { email, id: user.id as string, token: accessToken as string };
}

const centre = async (token: string) =>
  (await h.service.app.inject({ method: 'GET', url: CENTRE, headers: { authorization: `Bearer ${token}` } })).json()
    .notifications as { id: string; kind: string; title: string; body: string; route: string }[];

/** An event as if it happened at `at` (the batching window is measured on the events' clock). */
async function publish<F extends Record<string, unknown>>(subject: string, userId: string, fields: F, at: Date) {
  const e = newEvent(subject, userId, fields);
  await h.bus.publish({ ...e, payload: { ...e.payload, occurredAt: at.toISOString() } });
  await h.bus.idle();
}

const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

const completion = (podIds: string[], title: string) => ({
  weeklyChallengeId: randomUUID(),
  challengeId: randomUUID(),
  weekNumber: 2900,
  title,
  xpAwarded: 120,
  completedAt: new Date().toISOString(),
  hasPhoto: false,
  podIds,
});

async function pod(name: string, members: { id: string }[], at: Date) {
  const podId = randomUUID();
  for (const [i, m] of members.entries())
    await publish(
      MemberJoined.subject,
      m.id,
      { podId, via: i === 0 ? 'created' : 'invite', memberCount: i + 1, podName: name },
      at,
    );
  return podId;
}

describe('pod activity', () => {
  it('batches a pod-mate’s completions and the rising streak into one item: “3 new in Morning Crew”', async () => {
    const [ana, ben, cy] = [await account('Ana Ruiz'), await account('Ben Okafor'), await account('Cy Park')];
    const t0 = new Date('2027-04-01T07:00:00Z');
    const podId = await pod('Morning Crew', [ana, ben, cy], t0);

    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Cook a meal from scratch'), minutes(t0, 1));
    const one = await centre(ana.token);
    expect(one).toEqual([
      expect.objectContaining({
        kind: 'pod_activity',
        title: 'New in Morning Crew',
        body: 'Ben Okafor completed “Cook a meal from scratch”.',
        route: `/pods/${podId}`,
      }),
    ]);
    // Ben hears nothing of his own completion.
    expect(await centre(ben.token)).toEqual([]);

    await publish(WeeklyCompleted.subject, cy.id, completion([podId], 'Cook a meal from scratch'), minutes(t0, 3));
    await publish(
      PodStreakUpdated.subject,
      cy.id,
      {
        podId,
        currentStreak: 2,
        previousStreak: 1,
        saves: 0,
        reason: 'completed',
        weeklyChallengeId: randomUUID(),
        week: '2027-03-28',
      },
      minutes(t0, 4),
    );
    const batched = await centre(ana.token);
    expect(batched).toHaveLength(1);
    expect(batched[0]).toMatchObject({
      title: '3 new in Morning Crew',
      body: "Latest: The pod streak rose to 2 weeks: everyone finished this week's challenge.",
    });
    // Ben got Cy's completion and the streak: two, batched too.
    expect((await centre(ben.token)).map((n) => n.title)).toEqual(['2 new in Morning Crew']);

    // Later than the window: a new item.
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Write a letter'), minutes(t0, 30));
    expect((await centre(ana.token)).map((n) => n.title)).toEqual(['New in Morning Crew', '3 new in Morning Crew']);
  });

  it('starts a new item once the open one is read, and ignores a streak that did not rise', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    const t0 = new Date('2027-04-02T07:00:00Z');
    const podId = await pod('Night Owls', [ana, ben], t0);
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Run 5 km'), minutes(t0, 1));
    const [first] = await centre(ana.token);
    await h.service.app.inject({
      method: 'POST',
      url: `${CENTRE}/${first!.id}/read`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Stretch for 10 minutes'), minutes(t0, 2));
    await publish(
      PodStreakUpdated.subject,
      ana.id,
      {
        podId,
        currentStreak: 0,
        previousStreak: 3,
        saves: 0,
        reason: 'reset',
        weeklyChallengeId: null,
        week: '2027-03-28',
      },
      minutes(t0, 3),
    );
    expect((await centre(ana.token)).map((n) => n.title)).toEqual(['New in Night Owls', 'New in Night Owls']);
  });

  it('forgets a member who left: their pod’s news no longer reaches them', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    const t0 = new Date('2027-04-03T07:00:00Z');
    const podId = await pod('Walkers', [ana, ben], t0);
    await publish(MemberLeft.subject, ana.id, { podId, reason: 'left' }, minutes(t0, 1));
    // A join replayed out of order (older than the leave) does not bring her back.
    await publish(MemberJoined.subject, ana.id, { podId, via: 'invite', memberCount: 2 }, minutes(t0, -5));
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Walk somewhere new'), minutes(t0, 2));
    expect(await centre(ana.token)).toEqual([]);
  });

  it('tells the author of a post about comments and reactions, batched', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    const t0 = new Date('2027-04-05T07:00:00Z');
    const podId = await pod('Book Club', [ana, ben], t0);
    const entryId = randomUUID();
    await publish(
      PostInteraction.subject,
      ben.id,
      { podId, entryId, authorId: ana.id, kind: 'comment' },
      minutes(t0, 1),
    );
    expect(await centre(ana.token)).toEqual([
      expect.objectContaining({ title: 'New in Book Club', body: 'Ben Okafor commented on your post.' }),
    ]);
    await publish(
      PostInteraction.subject,
      ben.id,
      { podId, entryId, authorId: ana.id, kind: 'reaction' },
      minutes(t0, 2),
    );
    expect(await centre(ana.token)).toEqual([
      expect.objectContaining({ title: '2 new in Book Club', body: 'Latest: Ben Okafor reacted to your post.' }),
    ]);
    expect(await centre(ben.token)).toEqual([]);
  });

  it('never tells someone about a user hidden from them (a block either way), and again once lifted', async () => {
    const [ana, ben, cy] = [await account('Ana Ruiz'), await account('Ben Okafor'), await account('Cy Park')];
    const t0 = new Date('2027-04-06T07:00:00Z');
    const podId = await pod('Runners', [ana, ben, cy], t0);
    await publish(BlockChanged.subject, ana.id, { otherUserId: ben.id, blocked: true, version: 1 }, t0);
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Run 5 km'), minutes(t0, 1));
    expect(await centre(ana.token)).toEqual([]);
    expect((await centre(cy.token)).map((n) => n.body)).toEqual(['Ben Okafor completed “Run 5 km”.']);
    // Ana's completion does not reach Ben either (he is hidden from her, she from him).
    await publish(WeeklyCompleted.subject, ana.id, completion([podId], 'Run 5 km'), minutes(t0, 2));
    expect(await centre(ben.token)).toEqual([]);
    await publish(BlockChanged.subject, ana.id, { otherUserId: ben.id, blocked: false, version: 2 }, minutes(t0, 3));
    await publish(BlockChanged.subject, ana.id, { otherUserId: ben.id, blocked: true, version: 1 }, minutes(t0, 4)); // stale
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Swim'), minutes(t0, 5));
    expect((await centre(ana.token)).map((n) => n.body)).toEqual(['Ben Okafor completed “Swim”.']);
  });

  it('mails a weekly digest of the pods’ activity on Sunday, with its own unsubscribe', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    const t0 = new Date('2027-04-08T07:00:00Z');
    const podId = await pod('Sunday Painters', [ana, ben], t0);
    await publish(WeeklyCompleted.subject, ben.id, completion([podId], 'Paint a small thing'), minutes(t0, 1));
    now = new Date('2027-04-11T09:00:00Z'); // Sunday 09:00 UTC
    await (h.service as IdentityServiceHandle).mailTick();
    const { messages } = (await h.service.app.inject({ method: 'GET', url: '/api/identity/dev/mail' })).json() as {
      messages: { to: string; subject: string; text: string; headers: Record<string, string> }[];
    };
    const digest = messages.find((m) => m.to === ana.email && m.text.includes('Sunday Painters'));
    expect(digest).toBeDefined();
    expect(digest!.text).toContain('Ben Okafor completed “Paint a small thing”');
    expect(digest!.headers['List-Unsubscribe']).toContain('/api/identity/mail/unsubscribe?token=');
    // Ben's own completion is not news to him: no digest, only the announcement.
    expect(messages.filter((m) => m.to === ben.email).some((m) => m.text.includes('Sunday Painters'))).toBe(false);
  });
});
