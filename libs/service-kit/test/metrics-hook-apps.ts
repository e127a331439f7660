// Two copies of one service app for bench/metrics-hook.mjs (run by it with node --import tsx, as
// bench/events.mjs runs test/events/replica-process.ts), in this one process: the same shared
// plugins (service-kit's createServiceApp), routes and pool, one with the metrics hook (as every
// service runs) and one without. Prints `ready <with-url> <without-url> <cpu-url>`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp } from '../src/app';
import type { EventBus } from '../src/events/types';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const bus = { kind: 'in-process', isReady: async () => true } as unknown as EventBus;
const urls: string[] = [];
for (const metrics of [true, false]) {
  const app = await createServiceApp({
    name: 'sample',
    pool,
    bus,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    shedding: false,
    metrics,
  });
  // A read like most of the API's: one query, a small JSON answer.
  app.get('/api/sample/items/:id', async (request) => {
    const { id } = request.params as { id: string };
    const { rows } = await pool.query('SELECT $1::text AS id, now() AS at', [id]);
    return rows[0];
  });
  urls.push(await app.listen({ host: '127.0.0.1', port: 0 }));
}
// The process's CPU time so far (user + system, µs), for CPU per request: unlike requests/s, it
// hardly moves with the machine's other load.
const cpu = createServer((_req, res) => {
  const { user, system } = process.cpuUsage();
  res.end(String(user + system));
});
await new Promise<void>((resolve) => cpu.listen(0, '127.0.0.1', resolve));
const { port } = cpu.address() as AddressInfo;
urls.push(`http://127.0.0.1:${port}`);
process.stdout.write(`ready ${urls.join(' ')}\n`);
process.on('SIGTERM', () => process.exit(0));
