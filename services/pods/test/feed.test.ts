import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { deleteUser, updateProfile } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLogEntry,
  as,
  createPod,
  joinPod,
  newUser,
  openStream,
  startPods,
  weeklyCompleted,
  type PodsHarness,
} from './helper';

// The two-way pod feed (issue 22 point 5, decision 0038): proof photos, reactions, comments, nudges.

let h: PodsHarness;
let now = new Date();
const DAY = 86_400_000;
const linkFor = (id: string) => `/api/quests/photos/${id}?exp=1&sig=test`;
beforeAll(async () => {
  h = await startPods({
    clock: () => now,
    // A stand-in for the storage layer's signed links (the launcher wires the real one: infra/local).
    photoUrl: async (id) => linkFor(id),
    commentRateLimit: { max: 5, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await h?.close();
});

/** A pod of `n` members (the first its creator) and an entry by the second. */
async function podWithEntry(n = 3) {
  const users = await Promise.all(Array.from({ length: n }, (_, i) => newUser(h, { name: `Member ${i}` })));
  const { podId, code } = await createPod(h, users[0]!);
  for (const u of users.slice(1)) await joinPod(h, u, code);
  const entryId = await addLogEntry(h, podId, users[1]!, { message: `entry-${randomUUID()}` });
  return { podId, code, entryId, users };
}

const entryOf = async (viewer: string, podId: string, entryId: string) => {
  const res = await as(h, viewer)('GET', `/api/pods/pods/${podId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().log.entries.find((e: { id: string }) => e.id === entryId);
};
const rows = async (table: string, where = 'TRUE', values: unknown[] = []) =>
  (await h.sql.query(`SELECT * FROM pods.${table} WHERE ${where}`, values)).rows;

describe('proof photos in the pod log', () => {
  it('gives members a signed link to a shared proof photo, and non-members nothing', async () => {
    const [ana, bo, outsider] = [await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    await joinPod(h, bo, code);
    const photo = randomUUID();
    await h.bus.publish(weeklyCompleted(bo, randomUUID(), { podIds: [podId], note: 'Ran 5k', proofPhotoId: photo }));
    await h.bus.idle();

    for (const viewer of [ana, bo]) {
      const pod = (await as(h, viewer)('GET', `/api/pods/pods/${podId}`)).json();
      expect(pod.log.entries[0]).toMatchObject({
        proofPhotoId: photo,
        proofPhotoUrl: linkFor(photo),
        proofText: 'Ran 5k',
      });
      const log = (await as(h, viewer)('GET', `/api/pods/pods/${podId}/log`)).json();
      expect(log.entries[0].proofPhotoUrl).toBe(linkFor(photo));
    }
    for (const url of [`/api/pods/pods/${podId}`, `/api/pods/pods/${podId}/log`]) {
      const res = await as(h, outsider)('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(photo);
    }
    expect((await as(h, outsider)('POST', `/api/pods/pods/${podId}/stream-ticket`)).statusCode).toBe(404);
    // A member who leaves gets no more links.
    expect((await as(h, bo)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await as(h, bo)('GET', `/api/pods/pods/${podId}/log`)).statusCode).toBe(404);
  });
});

describe('reactions', () => {
  it('toggles one of each kind per member, counted for every member, and takes them back', async () => {
    const { podId, entryId, users } = await podWithEntry();
    const [a, b] = users as [string, string];
    const url = (kind: string) => `/api/pods/pods/${podId}/log/${entryId}/reactions/${kind}`;
    const put = await as(h, a)('PUT', url('fire'));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      entryId,
      reactions: [
        { kind: 'fire', count: 1, mine: true },
        { kind: 'clap', count: 0, mine: false },
        { kind: 'muscle', count: 0, mine: false },
      ],
    });
    expect((await as(h, a)('PUT', url('fire'))).json().reactions[0]).toEqual({ kind: 'fire', count: 1, mine: true });
    expect((await as(h, b)('PUT', url('fire'))).json().reactions[0]).toEqual({ kind: 'fire', count: 2, mine: true });
    await as(h, b)('PUT', url('muscle'));
    expect((await entryOf(a, podId, entryId)).reactions).toEqual([
      { kind: 'fire', count: 2, mine: true },
      { kind: 'clap', count: 0, mine: false },
      { kind: 'muscle', count: 1, mine: false },
    ]);
    const off = await as(h, a)('DELETE', url('fire'));
    expect(off.statusCode).toBe(200);
    expect(off.json().reactions[0]).toEqual({ kind: 'fire', count: 1, mine: false });
    expect((await as(h, a)('DELETE', url('fire'))).statusCode).toBe(200); // idempotent
    expect(await rows('pod_log_reaction', 'entry_id = $1', [entryId])).toHaveLength(2);
  });

  it('keeps one row when 50 identical reactions race', async () => {
    const { podId, entryId, users } = await podWithEntry(2);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        as(h, users[0]!)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/clap`),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await rows('pod_log_reaction', 'entry_id = $1', [entryId])).toHaveLength(1);
  });

  it('refuses unknown kinds, entries of another pod, non-members and hidden entries', async () => {
    const { podId, entryId, users } = await podWithEntry(3);
    const other = await podWithEntry(2);
    const outsider = await newUser(h);
    const call = (who: string, pod: string, entry: string, kind = 'fire') =>
      as(h, who)('PUT', `/api/pods/pods/${pod}/log/${entry}/reactions/${kind}`);
    const bad = await call(users[0]!, podId, entryId, 'heart');
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call(users[0]!, podId, 'not-a-uuid')).statusCode).toBe(400);
    expect((await call(outsider, podId, entryId)).json().error.code).toBe('POD_NOT_FOUND');
    const foreign = await call(users[0]!, podId, other.entryId);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'POD_LOG_ENTRY_NOT_FOUND']);
    // users[2] blocks the author (users[1]): the entry is hidden from them, so it cannot be reacted to.
    expect((await as(h, users[2]!)('PUT', `/api/pods/blocks/${users[1]}`)).statusCode).toBe(204);
    expect((await call(users[2]!, podId, entryId)).json().error.code).toBe('POD_LOG_ENTRY_NOT_FOUND');
    expect(await rows('pod_log_reaction', 'entry_id = ANY($1::uuid[])', [[entryId, other.entryId]])).toHaveLength(0);
  });

  it('does not count reactions of users hidden from the viewer', async () => {
    const { podId, entryId, users } = await podWithEntry(4);
    const [a, , c, d] = users as [string, string, string, string];
    for (const u of [c, d]) await as(h, u)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/fire`);
    expect((await as(h, a)('PUT', `/api/pods/blocks/${d}`)).statusCode).toBe(204);
    expect((await entryOf(a, podId, entryId)).reactions[0]).toEqual({ kind: 'fire', count: 1, mine: false });
    expect((await entryOf(c, podId, entryId)).reactions[0]).toEqual({ kind: 'fire', count: 2, mine: true });
  });
});

describe('comments', () => {
  it('adds trimmed one-line comments shown oldest first, and lets the author delete theirs', async () => {
    const { podId, entryId, users } = await podWithEntry();
    const [a, b] = users as [string, string];
    const base = `/api/pods/pods/${podId}/log/${entryId}/comments`;
    const first = await as(h, a)('POST', base, { body: '  Huge, well done! 💪  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ entryId, body: 'Huge, well done! 💪', user: { id: a, name: 'Member 0' } });
    await as(h, b)('POST', base, { body: 'Thanks!' });
    const entry = await entryOf(b, podId, entryId);
    expect(entry.comments.map((c: { body: string }) => c.body)).toEqual(['Huge, well done! 💪', 'Thanks!']);

    const id = first.json().id;
    const notTheirs = await as(h, b)('DELETE', `${base}/${id}`);
    expect([notTheirs.statusCode, notTheirs.json().error.code]).toEqual([404, 'POD_COMMENT_NOT_FOUND']);
    expect((await as(h, a)('DELETE', `${base}/${id}`)).statusCode).toBe(204);
    expect((await entryOf(b, podId, entryId)).comments).toHaveLength(1);
  });

  it('refuses blank, too long, multi-line and control-character comments, storing nothing', async () => {
    const { podId, entryId, users } = await podWithEntry(2);
    const base = `/api/pods/pods/${podId}/log/${entryId}/comments`;
    for (const body of ['', '   ', 'x'.repeat(281), 'two\nlines', 'bell\u0007', 'nul\u0000', undefined]) {
      const res = await as(h, users[0]!)('POST', base, body === undefined ? {} : { body });
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await as(h, users[0]!)('POST', base, { body: '🔥'.repeat(280) })).statusCode).toBe(201);
    expect(await rows('pod_log_comment', 'entry_id = $1', [entryId])).toHaveLength(1);
  });

  it('limits an author to 5 comments a minute (this suite’s limit), counted in parallel too', async () => {
    const { podId, entryId, users } = await podWithEntry(2);
    const base = `/api/pods/pods/${podId}/log/${entryId}/comments`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => as(h, users[0]!)('POST', base, { body: `comment ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const limited = results.find((r) => r.statusCode === 429)!;
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not limited by it.
    expect((await as(h, users[1]!)('POST', base, { body: 'mine' })).statusCode).toBe(201);
  });

  it('leaves out comments of users hidden from the viewer', async () => {
    const { podId, entryId, users } = await podWithEntry(3);
    const [a, , c] = users as [string, string, string];
    await as(h, c)('POST', `/api/pods/pods/${podId}/log/${entryId}/comments`, { body: 'from c' });
    expect((await entryOf(a, podId, entryId)).comments).toHaveLength(1);
    await as(h, c)('PUT', `/api/pods/blocks/${a}`);
    expect((await entryOf(a, podId, entryId)).comments).toHaveLength(0);
  });
});

describe('pods.post.interaction.v1', () => {
  it('tells the author of a new comment or a reaction newly given, never of their own or a take-back', async () => {
    const { podId, entryId, users } = await podWithEntry();
    const [a, author] = users as [string, string];
    const reactions = `/api/pods/pods/${podId}/log/${entryId}/reactions`;
    const comments = `/api/pods/pods/${podId}/log/${entryId}/comments`;
    expect((await as(h, a)('PUT', `${reactions}/clap`)).statusCode).toBe(200);
    await as(h, a)('PUT', `${reactions}/clap`); // already given: nothing new
    await as(h, a)('DELETE', `${reactions}/clap`);
    expect((await as(h, a)('POST', comments, { body: 'So proud of you!' })).statusCode).toBe(201);
    await as(h, author)('PUT', `${reactions}/fire`); // on their own post
    await as(h, author)('POST', comments, { body: 'Thank you!' });
    const events = await rows('outbox_event', `subject = 'pods.post.interaction.v1' AND payload->>'entryId' = $1`, [
      entryId,
    ]);
    expect(
      events
        .map((e) => e.payload as Record<string, string>)
        .sort((x, y) => x.occurredAt!.localeCompare(y.occurredAt!))
        .map((p) => [p.userId, p.authorId, p.podId, p.kind]),
    ).toEqual([
      [a, author, podId, 'reaction'],
      [a, author, podId, 'comment'],
    ]);
  });
});

describe('pods.member.joined.v1', () => {
  it('names the pod, for the creator and for a member who joins with the code', async () => {
    const [creator, joiner] = await Promise.all([newUser(h), newUser(h)]);
    const { podId, code } = await createPod(h, creator, 'Sunrise Swimmers');
    await joinPod(h, joiner, code);
    const events = await rows('outbox_event', `subject = 'pods.member.joined.v1' AND payload->>'podId' = $1`, [podId]);
    expect(
      events
        .map((e) => e.payload as Record<string, unknown>)
        .map((p) => [p.userId, p.via, p.podName])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      [creator, 'created', 'Sunrise Swimmers'],
      [joiner, 'invite', 'Sunrise Swimmers'],
    ]);
  });
});

describe('nudges', () => {
  it('nudges a member not done this week once a day, shows it to them, and writes pods.member.nudged.v1', async () => {
    now = new Date();
    const { podId, users } = await podWithEntry(3);
    const [a, b, c] = users as [string, string, string];
    const url = (who: string) => `/api/pods/pods/${podId}/members/${who}/nudge`;
    const res = await as(h, a)('POST', url(b));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ podId, recipientId: b, day: now.toISOString().slice(0, 10) });
    const again = await as(h, a)('POST', url(b));
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'NUDGE_ALREADY_SENT']);
    // Someone else may nudge them too.
    expect((await as(h, c)('POST', url(b))).statusCode).toBe(201);

    const seen = (await as(h, b)('GET', `/api/pods/pods/${podId}`)).json();
    expect(seen.nudges.map((n: { from: { id: string } }) => n.from.id).sort()).toEqual([a, c].sort());
    const hub = (await as(h, b)('GET', '/api/pods/me/nudges')).json();
    expect(hub.nudges).toHaveLength(2);
    expect(hub.nudges[0]).toMatchObject({ podId, podName: 'Morning Crew', from: { id: c } });
    expect((await as(h, a)('GET', '/api/pods/me/nudges')).json().nudges).toEqual([]);
    const mine = (await as(h, a)('GET', `/api/pods/pods/${podId}`)).json();
    expect(mine.members.find((m: { id: string }) => m.id === b).nudgedByYouToday).toBe(true);
    expect(mine.members.find((m: { id: string }) => m.id === c).nudgedByYouToday).toBe(false);
    expect(mine.nudges).toEqual([]);

    const events = await rows('outbox_event', `subject = 'pods.member.nudged.v1' AND payload->>'recipientId' = $1`, [
      b,
    ]);
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.payload.userId === a)?.payload).toMatchObject({ podId, recipientId: b, userId: a });

    // The next day (the recipient's), once more.
    now = new Date(now.getTime() + DAY);
    expect((await as(h, a)('POST', url(b))).statusCode).toBe(201);
    now = new Date();
    // Done since: the hub no longer shows them.
    await h.bus.publish(weeklyCompleted(b, randomUUID(), { podIds: [podId], completedAt: now }));
    await h.bus.idle();
    expect((await as(h, b)('GET', '/api/pods/me/nudges')).json().nudges).toEqual([]);
    expect((await as(h, b)('GET', `/api/pods/pods/${podId}`)).json().nudges).toHaveLength(2);
  });

  it('counts the day in the recipient’s zone', async () => {
    // 23:30 UTC is already the next day in Auckland.
    now = new Date('2026-11-20T23:30:00Z');
    const { podId, users } = await podWithEntry(2);
    const [a, b] = users as [string, string];
    await updateProfile(h.bus, b, { name: 'Member 1', timeZone: 'Pacific/Auckland' });
    await h.bus.idle();
    const res = await as(h, a)('POST', `/api/pods/pods/${podId}/members/${b}/nudge`);
    expect(res.json().day).toBe('2026-11-21');
    now = new Date();
  });

  it('keeps one nudge when 20 race', async () => {
    const { podId, users } = await podWithEntry(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => as(h, users[0]!)('POST', `/api/pods/pods/${podId}/members/${users[1]}/nudge`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await rows('pod_nudge', 'pod_id = $1', [podId])).toHaveLength(1);
    expect(
      await rows('outbox_event', `subject = 'pods.member.nudged.v1' AND payload->>'podId' = $1`, [podId]),
    ).toHaveLength(1);
  });

  it('refuses oneself, members done this week, non-members, strangers and hidden members', async () => {
    now = new Date();
    const { podId, users } = await podWithEntry(4);
    const [a, b, c, d] = users as [string, string, string, string];
    const outsider = await newUser(h);
    const nudge = (who: string, target: string) =>
      as(h, who)('POST', `/api/pods/pods/${podId}/members/${target}/nudge`);
    const codeOf = async (p: ReturnType<typeof nudge>) => {
      const r = await p;
      return [r.statusCode, r.json().error?.code];
    };
    expect(await codeOf(nudge(a, a))).toEqual([400, 'CANNOT_TARGET_SELF']);
    await h.bus.publish(weeklyCompleted(b, randomUUID(), { podIds: [podId], completedAt: now }));
    await h.bus.idle();
    expect(await codeOf(nudge(a, b))).toEqual([409, 'MEMBER_ALREADY_DONE']);
    expect(await codeOf(nudge(outsider, c))).toEqual([404, 'POD_NOT_FOUND']);
    expect(await codeOf(nudge(a, outsider))).toEqual([404, 'POD_MEMBER_NOT_FOUND']);
    expect(await codeOf(nudge(a, 'nope'))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await as(h, d)('PUT', `/api/pods/blocks/${c}`)).statusCode).toBe(204);
    expect(await codeOf(nudge(c, d))).toEqual([404, 'POD_MEMBER_NOT_FOUND']);
    expect(await codeOf(nudge(d, c))).toEqual([404, 'POD_MEMBER_NOT_FOUND']);
    expect(await rows('pod_nudge', 'pod_id = $1', [podId])).toHaveLength(0);
  });
});

describe('live', () => {
  it('tells the pod’s streams about reactions and comments, and only the two members about a nudge', async () => {
    now = new Date();
    const { podId, entryId, users } = await podWithEntry(3);
    const [a, b, c] = users as [string, string, string];
    await h.pods.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(h.pods.app.server.address() as AddressInfo).port}`;
    const streamOf = (who: string) =>
      openStream(`${origin}/api/pods/pods/${podId}/events`, { authorization: `Bearer ${h.issuer.sign(who)}` });
    const [sa, sc] = [await streamOf(a), await streamOf(c)];
    try {
      await as(h, b)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/fire`);
      await as(h, b)('POST', `/api/pods/pods/${podId}/log/${entryId}/comments`, { body: 'hey' });
      await as(h, b)('POST', `/api/pods/pods/${podId}/members/${a}/nudge`);
      await expect
        .poll(() => sa.events.map((e) => e.event), { timeout: 5000 })
        .toEqual(['pod-feed-updated', 'pod-feed-updated', 'pod-nudged']);
      expect(sa.events[0]!.data).toMatchObject({ podId, entryId, change: 'reaction', userId: b });
      expect(sa.events[1]!.data).toMatchObject({ change: 'comment' });
      expect(sa.events[2]!.data).toMatchObject({ podId, nudgerId: b, recipientId: a });
      await expect.poll(() => sc.events.length, { timeout: 5000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(sc.events.map((e) => e.event)).toEqual(['pod-feed-updated', 'pod-feed-updated']);
    } finally {
      sa.close();
      sc.close();
    }
  });
});

describe('live, with a block', () => {
  it('does not tell a viewer about reactions and comments of a user hidden from them', async () => {
    const { podId, entryId, users } = await podWithEntry(3);
    const [a, b, c] = users as [string, string, string];
    await h.pods.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const origin = `http://127.0.0.1:${(h.pods.app.server.address() as AddressInfo).port}`;
    expect((await as(h, a)('PUT', `/api/pods/blocks/${c}`)).statusCode).toBe(204);
    const sa = await openStream(`${origin}/api/pods/pods/${podId}/events`, {
      authorization: `Bearer ${h.issuer.sign(a)}`,
    });
    try {
      await as(h, c)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/clap`);
      await as(h, c)('POST', `/api/pods/pods/${podId}/log/${entryId}/comments`, { body: 'from c' });
      await as(h, b)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/clap`);
      await expect.poll(() => sa.events.length, { timeout: 5000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(sa.events.map((e) => e.data.userId)).toEqual([b]);
    } finally {
      sa.close();
    }
  });
});

describe('your data and account deletion', () => {
  it('exports the user’s reactions, comments and nudges, and erases them with the account', async () => {
    now = new Date();
    const { podId, entryId, users } = await podWithEntry(3);
    const [a, b, c] = users as [string, string, string];
    await as(h, a)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/muscle`);
    const comment = (await as(h, a)('POST', `/api/pods/pods/${podId}/log/${entryId}/comments`, { body: 'go!' })).json();
    await as(h, a)('POST', `/api/pods/pods/${podId}/members/${c}/nudge`);
    await as(h, c)('POST', `/api/pods/pods/${podId}/members/${a}/nudge`);
    await as(h, b)('PUT', `/api/pods/pods/${podId}/log/${entryId}/reactions/fire`);

    const data = (await as(h, a)('GET', '/api/pods/me/export')).json();
    expect(data.podReactions).toEqual([expect.objectContaining({ podId, entryId, kind: 'muscle' })]);
    expect(data.podComments).toEqual([expect.objectContaining({ id: comment.id, podId, entryId, body: 'go!' })]);
    expect(data.nudges).toEqual([
      expect.objectContaining({ podId, withUserId: c, direction: 'sent' }),
      expect.objectContaining({ podId, withUserId: c, direction: 'received' }),
    ]);

    await deleteUser(h.bus, a);
    await h.bus.idle();
    expect(await rows('pod_log_reaction', 'user_id = $1', [a])).toHaveLength(0);
    expect(await rows('pod_log_comment', 'user_id = $1', [a])).toHaveLength(0);
    expect(await rows('pod_nudge', 'nudger_id = $1 OR recipient_id = $1', [a])).toHaveLength(0);
    expect(await rows('pod_log_reaction', 'user_id = $1', [b])).toHaveLength(1);
  });
});
