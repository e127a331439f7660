import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentity, type IdentityHarness } from './helper';

/** Browser errors reach the service log instead of vanishing; the endpoint cannot be used to flood it. */
let h: IdentityHarness;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  h = await buildIdentity({ authRateLimitPerMinute: 5 }, { logger });
});
afterAll(async () => {
  await h?.close();
});

const report = (payload: unknown, ip = '10.0.0.1') =>
  h.service.app.inject({
    method: 'POST',
    url: '/api/identity/client-errors',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('client error reports', () => {
  it('logs a report as a warn line, without the query string', async () => {
    const res = await report({
      kind: 'unhandledrejection',
      message: 'boom',
      stack: 'at x',
      path: '/reset-password?token=secret',
      source: 'shell',
    });
    expect(res.statusCode).toBe(202);
    const line = lines.find((l) => (l.clientError as { message?: string } | undefined)?.message === 'boom');
    expect(line).toMatchObject({
      level: 40,
      msg: 'client error',
      clientError: { kind: 'unhandledrejection', path: '/reset-password', source: 'shell' },
    });
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it.each([
    ['an unknown kind', { kind: 'panic', message: 'x', path: '/' }],
    ['a missing message', { kind: 'error', path: '/' }],
    ['an oversized message', { kind: 'error', message: 'x'.repeat(1001), path: '/' }],
    ['an unknown field', { kind: 'error', message: 'x', path: '/', cookie: 'y' }],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await report(body, '10.0.0.2')).statusCode).toBe(400);
  });

  it('limits each address, not everyone', async () => {
    const body = { kind: 'error', message: 'flood', path: '/' };
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await report(body, '10.0.0.3')).statusCode);
    expect(answers.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(answers.slice(5)).toEqual([429, 429]);
    expect((await report(body, '10.0.0.4')).statusCode).toBe(202);
  });
});
