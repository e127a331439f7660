import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startEmbeddedPostgres, startTcpProxy } from '../src/index';

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  const root = mkdtempSync(join(tmpdir(), 'vere-dev-db-'));
  chmodSync(root, 0o755);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps its data across a restart in the same folder', async () => {
    const dataDir = join(root, 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, database: 'vere' });
    await query(first.url, 'CREATE TABLE note (body text)');
    await query(first.url, "INSERT INTO note VALUES ('still here')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, database: 'vere' });
    try {
      expect(await query(second.url, 'SELECT body FROM note')).toEqual([{ body: 'still here' }]);
    } finally {
      await second.stop();
    }
  });
});

describe('test databases', () => {
  it('gives each caller its own empty database and drops it', async () => {
    const [a, b] = await Promise.all([createTestDatabase('vere_devdb'), createTestDatabase('vere_devdb')]);
    expect(a.url).not.toBe(b.url);
    await query(a.url, 'CREATE TABLE only_in_a (id int)');
    expect(await query(b.url, "SELECT to_regclass('only_in_a') AS t")).toEqual([{ t: null }]);
    await a.drop();
    await b.drop();
    await expect(query(a.url, 'SELECT 1')).rejects.toThrow(/does not exist/);
  });
});

describe('TCP proxy', () => {
  it('forwards, cuts and restores on the same port', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const target = { host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port };
    const proxy = await startTcpProxy(target);
    const roundTrip = () =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(proxy.port, '127.0.0.1', () => socket.write('ping'));
        socket.once('data', (d) => {
          resolve(d.toString());
          socket.destroy();
        });
        socket.once('error', reject);
      });
    try {
      expect(await roundTrip()).toBe('ping');
      await proxy.cut();
      await expect(roundTrip()).rejects.toThrow(/ECONNREFUSED/);
      await proxy.restore();
      expect(await roundTrip()).toBe('ping');
    } finally {
      await proxy.close();
      echo.close();
    }
  });
});
