import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createNatsEventBus, type NatsEventBusOptions } from '../../src/events/nats-bus';
import { newEvent } from '../../src/events/outbox';
import type { DomainEvent, EventBus } from '../../src/events/types';
import { deadLetterSubject } from '../../src/events/types';
import { describeEventBusContract } from './bus-contract';
import { deleteNatsTestData, natsUrl, sleep, uniqueService, waitFor } from './helpers';
import { natsTarget, startTcpProxy } from '@vere/dev-db';

const url = natsUrl();
const makeBus = (overrides: Partial<NatsEventBusOptions> = {}) =>
  createNatsEventBus({ servers: url!, name: 'service-kit-test', reconnectTimeWaitMs: 100, ...overrides });

describeEventBusContract('nats', () => makeBus(), {
  skip: !url,
  async lastDeadLetter(_bus, durable, subject) {
    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      const stored = await jsm.streams.getMessage('VERE_DLQ', { last_by_subj: deadLetterSubject(durable, subject) });
      return stored ? { subject, payload: stored.json<DomainEvent['payload']>() } : undefined;
    } finally {
      await nc.close();
    }
  },
  cleanup: (service) => deleteNatsTestData(url!, service),
});

describe.skipIf(!url)('nats bus specifics', () => {
  const service = uniqueService();
  const buses: EventBus[] = [];
  const open = async (overrides: Partial<NatsEventBusOptions> = {}) => {
    const bus = await makeBus(overrides);
    buses.push(bus);
    return bus;
  };

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await deleteNatsTestData(url!, service);
  });

  it('shares a durable between two bus instances (two replicas)', async () => {
    const subject = `${service}.replica.happened.v1`;
    const durable = `${service}-replicas`;
    const [one, two] = [await open(), await open()];
    const seen = new Map<string, string[]>();
    const handler = (who: string) => async (event: DomainEvent) => {
      seen.set(event.payload.eventId, [...(seen.get(event.payload.eventId) ?? []), who]);
      await sleep(5);
    };
    await one.subscribe({ durable, subjects: [subject] }, handler('one'));
    await two.subscribe({ durable, subjects: [subject] }, handler('two'));

    const events = Array.from({ length: 40 }, (_, i) => newEvent(subject, 'user-1', { i }));
    await Promise.all(events.map((e) => one.publish(e)));

    await waitFor(() => seen.size === events.length, 5_000, 'all events');
    await sleep(300);
    expect([...seen.values()].every((who) => who.length === 1)).toBe(true);
  });

  it('two replicas of a durable never run its handler at once, and keep publish order', async () => {
    const subject = `${service}.serial.happened.v1`;
    const durable = `${service}-serial`;
    const [one, two] = [await open(), await open()];
    let running = 0;
    let maxRunning = 0;
    const order: number[] = [];
    const handler = async (event: DomainEvent) => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await sleep(10);
      order.push(event.payload.i as number);
      running -= 1;
    };
    await one.subscribe({ durable, subjects: [subject] }, handler);
    await two.subscribe({ durable, subjects: [subject] }, handler);

    const events = Array.from({ length: 20 }, (_, i) => newEvent(subject, 'user-1', { i }));
    for (const event of events) await one.publish(event);

    await waitFor(() => order.length === events.length, 10_000, 'all events');
    expect(maxRunning).toBe(1);
    expect(order).toEqual(events.map((_, i) => i));
  });

  it('brings a consumer made by an older version up to date (one at a time, unlimited deliveries)', async () => {
    const subject = `${service}.legacy.happened.v1`;
    const durable = `${service}-legacy`;
    const name = `${durable}__${subject.replace(/\./g, '_')}`;
    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.streams
        .add({ name: `VERE_${service.toUpperCase()}`, subjects: [`${service}.>`] })
        .catch(() => undefined);
      await jsm.consumers.add(`VERE_${service.toUpperCase()}`, {
        durable_name: name,
        filter_subject: subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        max_deliver: 5,
      });
      const bus = await open();
      await bus.subscribe({ durable, subjects: [subject] }, async () => {});
      const { config } = await jsm.consumers.info(`VERE_${service.toUpperCase()}`, name);
      expect(config.max_ack_pending).toBe(1);
      expect(config.max_deliver).toBe(-1);
    } finally {
      await nc.close();
    }
  });

  it('writes dead letters to VERE_DLQ with the original subject and error in headers', async () => {
    const subject = `${service}.poison.happened.v1`;
    const durable = `${service}-dlq`;
    const bus = await open();
    let dead = 0;
    await bus.subscribe(
      { durable, subjects: [subject], maxDeliver: 2, backoffMs: [10], onDeadLetter: () => void (dead += 1) },
      async () => {
        throw new Error('bad\npayload');
      },
    );
    const event = newEvent(subject, 'user-1', {});
    await bus.publish(event);
    await waitFor(() => dead === 1, 5_000, 'dead letter');

    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      const stored = await jsm.streams.getMessage('VERE_DLQ', { last_by_subj: deadLetterSubject(durable, subject) });
      expect(stored?.json()).toEqual(event.payload);
      expect(stored?.header.get('Vere-Original-Subject')).toBe(subject);
      expect(stored?.header.get('Vere-Attempts')).toBe('2');
      expect(stored?.header.get('Vere-Error')).toBe('bad payload');
    } finally {
      await nc.close();
    }
  });

  it('rejects publishes promptly while NATS is unreachable and recovers afterwards', async () => {
    const proxy = await startTcpProxy(natsTarget(url!));
    try {
      const bus = await open({ servers: proxy.url, publishTimeoutMs: 1_000 });
      const subject = `${service}.outage.happened.v1`;
      await bus.publish(newEvent(subject, 'user-1', {}));

      await proxy.cut();
      await waitFor(async () => !(await bus.isReady()), 5_000, 'bus to notice the outage');
      const started = Date.now();
      await expect(bus.publish(newEvent(subject, 'user-1', {}))).rejects.toThrow();
      // The 1 s publish timeout, not the outage, bounds it (with slack for a loaded CI machine).
      expect(Date.now() - started).toBeLessThan(3_000);

      await proxy.restore();
      await waitFor(() => bus.isReady(), 5_000, 'reconnect');
      await bus.publish(newEvent(subject, 'user-1', {}));
    } finally {
      await proxy.close();
    }
  });
});

const natsServerBin = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** A private nats-server (JetStream, file storage) that can be stopped and started again. */
async function privateNatsServer() {
  const storeDir = mkdtempSync(join(tmpdir(), 'vere-nats-'));
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  let child: ChildProcess | undefined;
  const start = async ({ freshState = false } = {}) => {
    // A fresh state: the server comes back without streams or consumers (lost volume).
    if (freshState) rmSync(storeDir, { recursive: true, force: true });
    child = spawn(natsServerBin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      5_000,
      'nats-server to listen',
    );
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!url || !existsSync(natsServerBin))('nats bus across a server restart', () => {
  it('reconnects, keeps its streams and consumers (file storage) and delivers exactly once', async () => {
    const server = await privateNatsServer();
    const bus = await createNatsEventBus({ servers: server.url, name: 'restart-test', reconnectTimeWaitMs: 100 });
    try {
      const subject = 'restart.user.registered.v1';
      const received: string[] = [];
      await bus.subscribe({ durable: 'restart-welcome', subjects: [subject] }, async (e) => {
        received.push(e.payload.eventId);
      });
      const before = newEvent(subject, 'user-1', {});
      await bus.publish(before);
      await waitFor(() => received.length === 1, 5_000, 'delivery before the restart');

      await server.stop();
      await waitFor(async () => !(await bus.isReady()), 5_000, 'bus to notice the restart');
      await expect(bus.publish(newEvent(subject, 'user-1', {}))).rejects.toThrow(/not connected/);

      await server.start();
      await waitFor(() => bus.isReady(), 10_000, 'reconnect');
      const after = newEvent(subject, 'user-1', {});
      await bus.publish(after);
      await bus.publish(before); // still inside the duplicate window: dropped

      await waitFor(() => received.length === 2, 10_000, 'delivery after the restart');
      await sleep(300);
      expect(received).toEqual([before.payload.eventId, after.payload.eventId]);
    } finally {
      await bus.close();
      await server.dispose();
    }
  });

  it('re-creates its stream and consumer when NATS comes back without its state', async () => {
    const server = await privateNatsServer();
    const bus = await createNatsEventBus({ servers: server.url, name: 'state-loss-test', reconnectTimeWaitMs: 100 });
    try {
      const subject = 'stateloss.user.registered.v1';
      const received: string[] = [];
      await bus.subscribe({ durable: 'stateloss-welcome', subjects: [subject] }, async (e) => {
        received.push(e.payload.eventId);
      });
      const before = newEvent(subject, 'user-1', {});
      await bus.publish(before);
      await waitFor(() => received.length === 1, 5_000, 'delivery before the restart');

      await server.stop();
      await waitFor(async () => !(await bus.isReady()), 5_000, 'bus to notice the outage');
      await server.start({ freshState: true });
      await waitFor(() => bus.isReady(), 10_000, 'reconnect');

      const after = newEvent(subject, 'user-1', {});
      await waitFor(
        async () =>
          bus.publish(after).then(
            () => true,
            () => false,
          ),
        10_000,
        'publish after the restart',
      );
      await waitFor(() => received.length === 2, 20_000, 'delivery through the re-created consumer');
      expect(received).toEqual([before.payload.eventId, after.payload.eventId]);
    } finally {
      await bus.close();
      await server.dispose();
    }
  });
});
