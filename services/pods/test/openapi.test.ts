import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

it('documents every pods route in /docs/json', async () => {
  const res = await h.pods.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  for (const p of [
    '/api/pods/me/allowance',
    '/api/pods/users/search',
    '/api/pods/friends',
    '/api/pods/friends/requests',
    '/api/pods/friends/requests/{userId}/accept',
    '/api/pods/blocks/{userId}',
    '/api/pods/reports',
    '/api/pods/pods',
    '/api/pods/pods/{podId}',
    '/api/pods/pods/{podId}/log',
    '/api/pods/pods/{podId}/log/{entryId}/reactions/{kind}',
    '/api/pods/pods/{podId}/log/{entryId}/comments',
    '/api/pods/pods/{podId}/log/{entryId}/comments/{commentId}',
    '/api/pods/pods/{podId}/members/{userId}/nudge',
    '/api/pods/me/nudges',
    '/api/pods/pods/{podId}/invites/rotate',
    '/api/pods/invites/{code}/join',
  ])
    expect(paths, p).toContain(p);
});
