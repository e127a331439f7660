import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTES_INCLUDE, createEdge } from '../src/edge';

// Decision 0075: the edge writes remotes.json into the shell's pages (its SSI include), as nginx does,
// so the first area's files are asked for without a request for the map first.
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const PAGE = `<!doctype html><html><head><script type="application/json" id="vere-remotes">${REMOTES_INCLUDE}</script></head><body><div id="root"></div></body></html>`;
const MAP = { challenges: '/remotes/challenges/remoteEntry.js', connect: '/remotes/connect/remoteEntry.js' };

let dir: string;
let remotesFile: string;
let edge: FastifyInstance;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vere-edge-remotes-'));
  for (const app of ['shell', 'challenges', 'connect', 'playbooks', 'account'])
    mkdirSync(join(dir, app, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'shell', 'dist', 'index.html'), PAGE);
  writeFileSync(join(dir, 'shell', 'dist', 'auth.html'), PAGE.replace('<div id="root">', '<div id="root" data-auth>'));
  // The build's compressed copies hold the include unfilled: the edge must not send them as they are.
  writeFileSync(join(dir, 'shell', 'dist', 'index.html.br'), 'not the page');
  remotesFile = join(dir, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(MAP));
  edge = await createEdge({ logger, upstreams: {}, appsDir: dir, apiOnly: false, remotesManifest: remotesFile });
  url = await edge.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await edge?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The remote map in the page at `path`, as the shell reads it (remote-registry.ts's mapInPage). */
async function mapIn(path: string, encoding: string): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': encoding } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
  const html = await res.text(); // fetch decodes it
  const text = /<script type="application\/json" id="vere-remotes">([^<]*)<\/script>/.exec(html)?.[1];
  return text ? JSON.parse(text) : null;
}

describe('the remote map in the page (decision 0075)', () => {
  it('is written into / and /auth, plain, brotli or gzip', async () => {
    for (const path of ['/', '/auth', '/pods/42'])
      for (const encoding of ['br', 'gzip', 'identity'])
        expect(await mapIn(path, encoding), `${path} ${encoding}`).toEqual(MAP);
  });

  it('follows remotes.json when it changes, as /remotes.json does', async () => {
    const moved = { ...MAP, connect: '/remotes/connect-2/remoteEntry.js' };
    writeFileSync(remotesFile, JSON.stringify(moved));
    expect(await mapIn('/', 'br')).toEqual(moved);
    expect(await (await fetch(`${url}/remotes.json`)).json()).toEqual(moved);
    writeFileSync(remotesFile, JSON.stringify(MAP));
    expect(await mapIn('/', 'br')).toEqual(MAP);
  });

  it('cannot be made to end the script element, and leaves it empty when remotes.json is not JSON', async () => {
    writeFileSync(remotesFile, JSON.stringify({ connect: '</script><script>alert(1)</script>' }));
    const html = await (await fetch(`${url}/`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(await mapIn('/', 'identity')).toEqual({ connect: '</script><script>alert(1)</script>' });
    writeFileSync(remotesFile, '{ not json');
    expect(await (await fetch(`${url}/`)).text()).toContain(
      '<script type="application/json" id="vere-remotes"></script>',
    );
    writeFileSync(remotesFile, JSON.stringify(MAP));
  });
});
