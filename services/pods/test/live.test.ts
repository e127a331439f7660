import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  backdateMember,
  createPod,
  joinPod,
  newUser,
  openStream,
  startPods,
  weeklyCompleted,
  type PodsHarness,
} from './helper';

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

const ticketFor = async (userId: string, podId: string) => {
  const res = await as(h, userId)('POST', `/api/pods/pods/${podId}/stream-ticket`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket as string;
};

describe('live pod updates (server-sent events)', () => {
  it('streams the log entry and the streak to a member within a second of the commit', async () => {
    const ana = await newUser(h, { name: 'Ana' });
    const bo = await newUser(h);
    const { podId, code } = await createPod(h, ana);
    await joinPod(h, bo, code);
    await backdateMember(h, podId, ana, new Date(Date.now() - 14 * 86_400_000));
    await backdateMember(h, podId, bo, new Date(Date.now() - 14 * 86_400_000));
    const stream = await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${await ticketFor(bo, podId)}`);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');

    const weekly = randomUUID();
    await h.bus.publish(weeklyCompleted(bo, weekly, { podIds: [podId], note: 'Did it' }));
    await h.bus.idle();
    const first = Date.now();
    await h.bus.publish(weeklyCompleted(ana, weekly, { podIds: [podId], note: 'Me too' }));
    await h.bus.idle();
    const committed = Date.now();
    await expect
      .poll(() => stream.events.map((e) => e.event), { timeout: 1000, interval: 20 })
      .toEqual(['pod-log-added', 'pod-log-added', 'pod-streak-updated']);
    expect(stream.events[0]!.data).toMatchObject({
      podId,
      userId: bo,
      weeklyChallengeId: weekly,
      message: 'Talk to a stranger',
      proofText: 'Did it',
    });
    expect(stream.events[1]!.data).toMatchObject({ podId, userId: ana, proofText: 'Me too' });
    expect(stream.events[2]!.data).toMatchObject({
      podId,
      currentStreak: 1,
      previousStreak: 0,
      reason: 'completed',
      weeklyChallengeId: weekly,
    });
    expect(stream.events[0]!.at - first).toBeLessThan(1000);
    expect(stream.events[2]!.at - committed).toBeLessThan(1000);
    await expect.poll(() => stream.comments(), { timeout: 2000 }).toBeGreaterThan(0); // heartbeats
    stream.close();
  });

  it('accepts a bearer token too; the user stream carries every pod of the user', async () => {
    const ana = await newUser(h);
    const { podId } = await createPod(h, ana);
    const token = h.issuer.sign(ana);
    const pod = await openStream(`${base}/api/pods/pods/${podId}/events`, { authorization: `Bearer ${token}` });
    const mine = await openStream(`${base}/api/pods/me/events`, { authorization: `Bearer ${token}` });
    expect([pod.res.status, mine.res.status]).toEqual([200, 200]);
    await h.bus.publish(weeklyCompleted(ana, randomUUID(), { podIds: [podId] }));
    await h.bus.idle();
    for (const s of [pod, mine]) {
      await expect
        .poll(() => s.events.map((e) => e.event), { timeout: 1000 })
        .toEqual(['pod-log-added', 'pod-streak-updated']);
      s.close();
    }
  });

  it('answers 404 to a non-member (with a token, or a ticket of another pod), 401 without a valid ticket', async () => {
    const ana = await newUser(h);
    const eve = await newUser(h);
    const { podId } = await createPod(h, ana);
    const { podId: evesPod } = await createPod(h, eve);
    expect((await as(h, eve)('POST', `/api/pods/pods/${podId}/stream-ticket`)).statusCode).toBe(404);
    const byToken = await openStream(`${base}/api/pods/pods/${podId}/events`, {
      authorization: `Bearer ${h.issuer.sign(eve)}`,
    });
    expect(byToken.res.status).toBe(404);
    expect(((await byToken.res.json()) as { error: { code: string } }).error.code).toBe('POD_NOT_FOUND');
    const otherTicket = await openStream(
      `${base}/api/pods/pods/${podId}/events?ticket=${await ticketFor(eve, evesPod)}`,
    );
    expect(otherTicket.res.status).toBe(401);
    expect((await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${'x'.repeat(32)}`)).res.status).toBe(401);
    expect((await openStream(`${base}/api/pods/pods/${podId}/events`)).res.status).toBe(401);
    expect((await openStream(`${base}/api/pods/pods/${podId}/events?ticket=bad!`)).res.status).toBe(400);
    expect((await openStream(`${base}/api/pods/pods/not-a-uuid/events`)).res.status).toBe(400);
  });

  it('rejects an expired ticket, and ends the stream of a member who is removed', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const { podId, code } = await createPod(h, ana);
    await joinPod(h, bo, code);
    const expired = await ticketFor(bo, podId);
    await h.sql.query(`UPDATE pods.stream_ticket SET expires_at = now() - interval '1 second'`);
    expect((await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${expired}`)).res.status).toBe(401);
    const stream = await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${await ticketFor(bo, podId)}`);
    expect(stream.res.status).toBe(200);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${bo}`)).statusCode).toBe(204);
    await h.bus.publish(weeklyCompleted(ana, randomUUID(), { podIds: [podId] }));
    await h.bus.idle();
    await expect.poll(() => stream.ended(), { timeout: 2000 }).toBe(true);
    expect(stream.events).toEqual([]);
  });

  it('a ticket opens one stream only: a second use is refused with 401 UNAUTHENTICATED', async () => {
    const ana = await newUser(h);
    const { podId } = await createPod(h, ana);
    const ticket = await ticketFor(ana, podId);
    const first = await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${ticket}`);
    expect(first.res.status).toBe(200);
    first.close();
    const again = await openStream(`${base}/api/pods/pods/${podId}/events?ticket=${ticket}`);
    expect(again.res.status).toBe(401);
    expect(((await again.res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    const mine = (await as(h, ana)('POST', '/api/pods/me/stream-ticket')).json().ticket as string;
    const mineFirst = await openStream(`${base}/api/pods/me/events?ticket=${mine}`);
    expect(mineFirst.res.status).toBe(200);
    mineFirst.close();
    const mineAgain = await openStream(`${base}/api/pods/me/events?ticket=${mine}`);
    expect(mineAgain.res.status).toBe(401);
    await mineAgain.res.text();
  });

  it('lets exactly one of ten racing uses of a ticket through', async () => {
    const ana = await newUser(h);
    const { podId } = await createPod(h, ana);
    const ticket = await ticketFor(ana, podId);
    const streams = await Promise.all(
      Array.from({ length: 10 }, () => openStream(`${base}/api/pods/pods/${podId}/events?ticket=${ticket}`)),
    );
    const statuses = streams.map((s) => s.res.status).sort();
    for (const s of streams) {
      if (!s.res.ok) await s.res.text(); // read the refusals: an unread body holds its connection
      s.close();
    }
    expect(statuses).toEqual([200, ...Array<number>(9).fill(401)]);
  });
});
