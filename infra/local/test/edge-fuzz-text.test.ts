import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

/*
 * Hostile text in every string a route takes, over the running stack (issue 21, defect 3). The routes
 * and their fields come from each service's OpenAPI document, so a route added tomorrow is fuzzed too.
 * A NUL used to reach PostgreSQL (which refuses 0x00) and come back as 500 INTERNAL.
 */

/** A hostile character: as JSON gives it to the server, and as a URL carries it (percent-encoded bytes). */
const HOSTILE: { name: string; char: string; url: string }[] = [
  { name: 'NUL', char: '\u0000', url: '%00' },
  { name: 'a lone surrogate', char: '\ud800', url: '%ED%A0%80' },
  { name: 'SOH', char: '\u0001', url: '%01' },
  { name: 'ESC', char: '\u001b', url: '%1B' },
  { name: 'DEL', char: '\u007f', url: '%7F' },
  { name: 'NEL (C1)', char: '\u0085', url: '%C2%85' },
];

type Schema = {
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  examples?: unknown[];
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};

/** A value the schema takes, as plain as it gets (the other fields stay valid while one is fuzzed). */
function sample(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  // A field with a pattern (a push key) names a value it takes.
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, child]) => [key, sample(child)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** Every string inside a body schema: its path (as the error's `field` names it) and its schema. */
function* stringFields(schema: Schema, path: string[] = []): Generator<[string[], Schema]> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    for (const option of options) yield* stringFields(option, path);
    return;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && !('const' in schema) && !schema.enum) yield [path, schema];
  for (const [key, child] of Object.entries(schema.properties ?? {})) yield* stringFields(child, [...path, key]);
  if (schema.items) yield* stringFields(schema.items, [...path, '0']);
}

/** `body` with the value at `path` replaced (objects and one-item arrays on the way are built as needed). */
function withValue(body: unknown, path: string[], schema: Schema, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const child = (s: Schema): Schema =>
    (s.anyOf ?? s.oneOf)?.find((o) => o.type !== 'null') ?? (head === '0' ? (s.items ?? {}) : s.properties![head!]!);
  const next = child(schema);
  if (head === '0') {
    const list = Array.isArray(body) && body.length > 0 ? [...body] : [sample(next)];
    list[0] = withValue(list[0], rest, next, value);
    return list;
  }
  const object = (body && typeof body === 'object' ? body : sample(schema)) as Record<string, unknown>;
  return { ...object, [head!]: withValue(object[head!] ?? sample(next), rest, next, value) };
}

/** A hostile string the field's length limits still let through, so the text rule is what refuses it. */
const hostileText = (schema: Schema, char: string) => `a${char}${'b'.repeat(Math.max(0, (schema.minLength ?? 0) - 2))}`;

const WEBHOOK_SECRET = `fuzz-${randomUUID()}`;

let db: TestDatabase;
let stack: RunningStack;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase('vere_edge_text');
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    API_ONLY: 'true',
    // Every sign-in and sign-up field is fuzzed: the limit must not be what answers.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // The RevenueCat webhook checks its secret before the body: the fuzz sends it, so the body is what is judged.
    REVENUECAT_WEBHOOK_AUTH: WEBHOOK_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);

  // An admin (the challenge management routes validate only for them), as `npm run admin -- grant` makes one.
  const email = `fuzz.${randomUUID()}@example.com`;
  const auth = (path: string, body: unknown) =>
    fetch(`${stack.url}/api/identity/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await auth('sign-up', { email, password: 'Challenge1!', name: 'Fuzz Admin' })).status).toBe(201);
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  await pool.query(`UPDATE identity."user" SET role = 'admin' WHERE email = $1`, [email]);
  await pool.end();
  token = ((await (await auth('sign-in', { email, password: 'Challenge1!' })).json()) as { accessToken: string })
    .accessToken;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

interface Answer {
  what: string;
  status: number;
  code?: string;
  field?: string;
}

async function send(method: string, url: string, body: unknown, what: string): Promise<Answer> {
  const res = await fetch(`${stack.url}${url}`, {
    method,
    headers: {
      authorization: url.includes('/webhooks/revenuecat') ? WEBHOOK_SECRET : `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    // JSON.stringify writes a lone surrogate as the escape \ud800, so it reaches the server intact.
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    // 0 hangs: an answer that takes this long is a failure of its own, named below.
    signal: AbortSignal.timeout(15_000),
  }).catch((err: Error) => err);
  if (res instanceof Error) return { what, status: 0, code: `no answer (${res.name})` };
  const text = await res.text();
  let error: { code?: string; field?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    // not JSON: only a 5xx matters here, and that is reported with its status
  }
  return { what, status: res.status, code: error?.code, field: error?.field };
}

describe('hostile text in every string of every route, over the running stack', () => {
  it('is refused with 400 VALIDATION_FAILED on the field (bodies and query strings), never a 5xx', async () => {
    const answers: Answer[] = [];
    const expected: { what: string; field: string }[] = [];
    let routes = 0;
    for (const [service, base] of Object.entries(stack.services)) {
      const doc = (await (await fetch(`${base}/docs/json`)).json()) as {
        paths: Record<string, Record<string, Operation>>;
      };
      for (const [template, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
          routes++;
          const parameters = operation.parameters ?? [];
          const pathOf = (override?: { name: string; raw: string }) =>
            template.replace(/\{([^}]+)\}/g, (_, name: string) => {
              if (override?.name === name) return override.raw;
              const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
              return encodeURIComponent(String(sample(schema)));
            });
          const query = parameters.filter((p) => p.in === 'query');
          const baseQuery = query
            .filter((p) => p.required)
            .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema)))}`);
          const url = (path: string, extra: string[] = []) => {
            const all = [...baseQuery, ...extra];
            return all.length ? `${path}?${all.join('&')}` : path;
          };
          const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
          const baseBody = bodySchema ? sample(bodySchema) : undefined;
          const verb = method.toUpperCase();

          for (const { name, char, url: encoded } of HOSTILE) {
            // Path parameters: whatever they are, never a 5xx.
            for (const p of parameters.filter((q) => q.in === 'path' && !('const' in q.schema) && !q.schema.enum)) {
              const raw = `a${encoded}b`;
              answers.push(
                await send(
                  verb,
                  url(pathOf({ name: p.name, raw })),
                  baseBody,
                  `${service} ${verb} ${template} path ${p.name} ${name}`,
                ),
              );
            }
            // Query strings: refused on the field.
            for (const p of query) {
              if (p.schema.type !== 'string' || p.schema.enum || 'const' in p.schema) continue;
              const what = `${service} ${verb} ${template} ?${p.name} ${name}`;
              const others = baseQuery.filter((q) => !q.startsWith(`${p.name}=`));
              const text = hostileText(p.schema, '\u0000').split('\u0000');
              const value = `${encodeURIComponent(text[0]!)}${encoded}${encodeURIComponent(text[1]!)}`;
              answers.push(
                await send(verb, `${pathOf()}?${[...others, `${p.name}=${value}`].join('&')}`, baseBody, what),
              );
              // A lone surrogate cannot travel in a URL (its bytes are not UTF-8): only the 5xx check applies.
              if (char !== '\ud800') expected.push({ what, field: p.name });
            }
            // JSON bodies: refused on the field.
            if (bodySchema) {
              for (const [path, schema] of stringFields(bodySchema)) {
                const what = `${service} ${verb} ${template} body ${path.join('.')} ${name}`;
                const body = withValue(baseBody, path, bodySchema, hostileText(schema, char));
                answers.push(await send(verb, url(pathOf()), body, what));
                expected.push({ what, field: path.join('.') });
              }
            }
          }
        }
      }
    }

    expect(routes).toBeGreaterThan(60);
    expect(answers.length).toBeGreaterThan(300);
    expect(
      answers.filter((a) => a.status >= 500 || a.status === 0).map((a) => `${a.what}: ${a.status} ${a.code}`),
    ).toEqual([]);
    const byWhat = new Map(answers.map((a) => [a.what, a]));
    const notRefused = expected
      .map(({ what, field }) => ({ what, field, answer: byWhat.get(what)! }))
      .filter(
        ({ field, answer }) => answer.status !== 400 || answer.code !== 'VALIDATION_FAILED' || answer.field !== field,
      )
      .map(({ what, answer }) => `${what}: ${answer.status} ${answer.code ?? ''} ${answer.field ?? ''}`);
    expect(notRefused).toEqual([]);
  }, 300_000);

  it('bodies of 0 B to 2 MB to routes that store text: an answer, never a 5xx', async () => {
    const routes = [
      ['POST', '/api/pods/pods'],
      ['PATCH', `/api/pods/pods/${randomUUID()}`],
      ['POST', `/api/quests/me/todos/${randomUUID()}/complete`],
      ['POST', '/api/quests/admin/challenges'],
      ['POST', '/api/pods/reports'],
    ] as const;
    const answers: Answer[] = [];
    for (const [method, path] of routes)
      for (const size of [0, 1, 1_024, 64 * 1024, 65 * 1024, 256 * 1024, 1024 * 1024, 2 * 1024 * 1024]) {
        const res = await fetch(`${stack.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: size === 0 ? '' : JSON.stringify({ name: 'x'.repeat(Math.max(0, size - 12)) }),
          signal: AbortSignal.timeout(15_000),
        }).catch((err: Error) => err);
        answers.push({
          what: `${method} ${path} with ${size} B`,
          status: res instanceof Error ? 0 : res.status,
          code: res instanceof Error ? res.name : undefined,
        });
        if (!(res instanceof Error)) await res.arrayBuffer();
      }
    expect(
      answers.filter((a) => a.status >= 500 || a.status === 0).map((a) => `${a.what}: ${a.status} ${a.code}`),
    ).toEqual([]);
    expect(answers.every((a) => a.status >= 400)).toBe(true);
  }, 120_000);
});
