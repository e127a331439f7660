import type { SessionUser } from './types';
import type { ErrorCode } from '@vere/contracts';
import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Replaces global fetch with a route table; records every call. */
export function stubFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call: Call = {
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const entry = queues.get(`${method} ${url}`);
    if (!entry) throw new TypeError(`fetch failed: no stub for ${method} ${url}`);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!handler) throw new TypeError(`fetch failed: empty stub for ${method} ${url}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An error answer as the services send it; the code must be one they really send (libs/contracts). */
export const apiError = (status: number, code: ErrorCode, message: string = code, field?: string) =>
  json(status, { error: field ? { code, message, field } : { code, message } });

export const user: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  username: 'ada_1234',
  displayName: null,
  bio: null,
  photoUrl: null,
  avatarConfig: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  hasCompletedOnboarding: false,
  tutorialsSeen: [],
};

export const auth = (token: string) => json(200, { accessToken: token, expiresIn: 900, user });
