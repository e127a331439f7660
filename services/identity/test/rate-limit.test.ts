import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIdentity, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity({ authRateLimitPerMinute: 3 });
});
afterAll(async () => {
  await h?.close();
});

it('answers 429 RATE_LIMITED once a client exceeds the sign-in limit', async () => {
  const attempt = () =>
    h.service.app.inject({
      method: 'POST',
      url: '/api/identity/auth/sign-in',
      payload: { email: 'nobody@example.com', password: 'Whatever1!' },
    });
  const codes: number[] = [];
  for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
  expect(codes).toEqual([401, 401, 401, 429]);
  const limited = await attempt();
  expect(limited.json().error.code).toBe('RATE_LIMITED');
});
