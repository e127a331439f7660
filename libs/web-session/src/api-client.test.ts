import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { AUTH_ENDPOINTS, createSessionStore } from './session-store';
import { apiError, auth, json, stubFetch } from './test-helpers';

const REFRESH = `POST ${AUTH_ENDPOINTS.refresh}`;
const PROGRESS = 'GET /api/quests/me/progress';
const progress = { currentLevel: 1, currentLevelXP: 0, nextLevelXP: 100, xpProgress: 0, xpToNext: 100, totalXP: 0 };

async function signedIn(token: string) {
  const store = createSessionStore();
  store.setState({ status: 'signed-in', accessToken: token });
  return { store, apiFetch: createApiClient(store) };
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and cookies', async () => {
    const { calls } = stubFetch({ [PROGRESS]: json(200, progress) });
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).resolves.toEqual(progress);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t1');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const { calls } = stubFetch({
      [PROGRESS]: [apiError(401, 'UNAUTHENTICATED'), json(200, progress)],
      [REFRESH]: auth('t2'),
    });
    const { apiFetch, store } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).resolves.toEqual(progress);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([PROGRESS, REFRESH, PROGRESS]);
    expect(calls[2]?.headers.get('Authorization')).toBe('Bearer t2');
    expect(store.getState().accessToken).toBe('t2');
  });

  it('gives up after one retry', async () => {
    const { calls } = stubFetch({ [PROGRESS]: apiError(401, 'UNAUTHENTICATED'), [REFRESH]: auth('t2') });
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(calls).toHaveLength(3);
  });

  it('signs the session out when the refresh is refused', async () => {
    stubFetch({ [PROGRESS]: apiError(401, 'UNAUTHENTICATED'), [REFRESH]: apiError(401, 'SESSION_EXPIRED') });
    const { apiFetch, store } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toBeInstanceOf(ApiError);
    expect(store.getState().status).toBe('signed-out');
  });

  it('keeps the field the service names, so a form can put the message there', async () => {
    stubFetch({ [PROGRESS]: apiError(400, 'VALIDATION_FAILED', 'Enter a valid email', 'email') });
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'email',
    });
  });

  it('maps the error body to code and status', async () => {
    stubFetch({ [PROGRESS]: apiError(404, 'PLAYER_NOT_FOUND', 'No player yet') });
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toMatchObject({
      name: 'ApiError',
      code: 'PLAYER_NOT_FOUND',
      status: 404,
      message: 'No player yet',
    });
  });

  it('falls back to HTTP_<status> for a foreign error body', async () => {
    stubFetch({ [PROGRESS]: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toMatchObject({ code: 'HTTP_502', status: 502 });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const { apiFetch } = await signedIn('t1');
    await expect(apiFetch('/api/quests/me/progress')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('sends JSON bodies', async () => {
    const { calls } = stubFetch({ 'POST /api/pods': json(201, { id: 'p1' }) });
    const { apiFetch } = await signedIn('t1');
    await apiFetch('/api/pods', { method: 'POST', json: { name: 'Crew' } });
    expect(calls[0]?.body).toEqual({ name: 'Crew' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});
