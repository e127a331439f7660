import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  // A generous per-address limit: only the per-account one should bite here.
  h = await buildIdentity({ authRateLimitPerMinute: 1000, signInFailureLimit: 3 });
});
afterAll(async () => {
  await h?.close();
});

let address = 0;
/** Each attempt from a new client address, as a distributed guesser would. */
const signIn = (email: string, password: string) =>
  h.service.app.inject({
    method: 'POST',
    url: '/api/identity/auth/sign-in',
    payload: { email, password },
    remoteAddress: `198.51.100.${(address++ % 250) + 1}`,
  });
const signUp = async () => {
  const email = uniqueEmail();
  const res = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Uma' });
  expect(res.statusCode).toBe(201);
  return email;
};

describe('per-account sign-in limit', () => {
  it('locks an account after repeated wrong passwords from any number of addresses, with Retry-After', async () => {
    const email = await signUp();
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await signIn(email, 'Wrong-password1!')).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const locked = await signIn(email, STRONG_PASSWORD); // even the right password, while locked
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves other accounts alone', async () => {
    const victim = await signUp();
    const other = await signUp();
    for (let i = 0; i < 4; i++) await signIn(victim, 'Wrong-password1!');
    expect((await signIn(other, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one, so the limit tells nothing about who has an account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await signIn(uniqueEmail(), 'Wrong-password1!')).statusCode); // four different addresses
    const unknown = `ghost.${Date.now()}@example.com`;
    const ghost: number[] = [];
    for (let i = 0; i < 4; i++) ghost.push((await signIn(unknown, 'Wrong-password1!')).statusCode);
    expect(ghost).toEqual([401, 401, 401, 429]);
    expect(codes.every((c) => c === 401)).toBe(true);
  });

  it('a successful sign-in clears the count', async () => {
    const email = await signUp();
    for (let i = 0; i < 2; i++) expect((await signIn(email, 'Wrong-password1!')).statusCode).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(email, 'Wrong-password1!')).statusCode).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
