import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

/**
 * Password reset through the edge, over real HTTP: the spec's path (§7) reaches identity with the
 * edge's hardening kept, and the embedded default's outbox page (/dev/mail) escapes what it shows.
 */
async function stackWith(name: string, env: Record<string, string>) {
  const db = await createTestDatabase(name);
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    API_ONLY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  return { db, stack };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const NEW_PASSWORD = 'Fresh-start-42!';

describe('password reset through the edge (embedded default: no SMTP)', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  beforeAll(async () => ({ db, stack } = await stackWith('vere_reset_edge', { AUTH_RATE_LIMIT_PER_MINUTE: '6' })));
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it("answers a bad link at /api/auth/reset-password with identity's { error: { code, message } }", async () => {
    const res = await post(`${stack.url}/api/auth/reset-password`, {
      token: 'A'.repeat(43),
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RESET_LINK_INVALID');
    expect(body.error.message).toMatch(/invalid or has expired/);
  });

  it('forwards only POST at the spec path, and keeps the edge body limit', async () => {
    const get = await fetch(`${stack.url}/api/auth/reset-password`);
    expect(get.status).toBe(404);
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const huge = await post(`${stack.url}/api/auth/reset-password`, {
      token: 'x'.repeat(2 * 1024 * 1024),
      newPassword: NEW_PASSWORD,
    });
    // The proxy streams bodies, so this limit is the edge's own check of Content-Length.
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('shows the mail at /dev/mail, escaped, with a link that resets the password at the spec path', async () => {
    // ' and & are allowed in an address's local part: they must reach the page as entities.
    const email = `o'neil&co.${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await post(`${stack.url}/api/identity/auth/sign-up`, {
      email,
      password: 'Challenge1!',
      name: 'Ana',
    });
    expect(signUp.status).toBe(201);
    expect((await post(`${stack.url}/api/identity/auth/forgot-password`, { email })).status).toBe(202);

    let html = '';
    await expect
      .poll(
        async () => {
          const page = await fetch(`${stack.url}/dev/mail`);
          expect(page.headers.get('content-type')).toMatch(/^text\/html/);
          expect(page.headers.get('cache-control')).toBe('no-store');
          html = await page.text();
          return html.includes('o&#39;neil&#38;co');
        },
        { timeout: 5000 },
      )
      .toBe(true);
    expect(html).not.toContain("o'neil&co");
    expect(html).toContain('Reset your Vere password');
    const link = /<a href="([^"]+)">/.exec(html)?.[1];
    expect(link?.startsWith(`${stack.url}/reset-password?token=`)).toBe(true);

    const token = new URL(link!).searchParams.get('token');
    expect((await post(`${stack.url}/api/auth/reset-password`, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await post(`${stack.url}/api/identity/auth/sign-in`, { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('rate limits the spec path by the real client address, whatever X-Forwarded-For the client sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await post(
        `${stack.url}/api/auth/reset-password`,
        { token: 'B'.repeat(43), newPassword: NEW_PASSWORD },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset through the edge with SMTP configured', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  // Nothing listens on the discard port: the mail fails, which must change nothing for the caller.
  beforeAll(async () => ({ db, stack } = await stackWith('vere_reset_edge_smtp', { SMTP_URL: 'smtp://127.0.0.1:9' })));
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it("has no outbox: neither /dev/mail nor identity's dev route exist", async () => {
    expect((await fetch(`${stack.url}/dev/mail`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/identity/dev/mail`)).status).toBe(404);
  });

  it('still answers 202 when the SMTP server cannot be reached', async () => {
    const email = `smtp.${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await post(`${stack.url}/api/identity/auth/sign-up`, { email, password: 'Challenge1!', name: 'Ana' })).status,
    ).toBe(201);
    const res = await post(`${stack.url}/api/identity/auth/forgot-password`, { email });
    expect(res.status).toBe(202);
    // The mail is sent after the answer; give it the time to fail before the stack stops.
    await new Promise((r) => setTimeout(r, 500));
  });
});
