import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, refreshCookie, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity();
});
afterAll(async () => {
  await h?.close();
});

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('the role claim', () => {
  it('is absent for an ordinary user and "admin" once the role is granted, from the next refresh on', async () => {
    const email = uniqueEmail();
    const signedUp = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Ana' });
    expect(signedUp.statusCode).toBe(201);
    expect(claims(signedUp.json().accessToken)).not.toHaveProperty('role');

    await h.sql.query(`UPDATE identity."user" SET role = 'admin' WHERE email = $1`, [email]);
    const refreshed = await authCalls(h.service).refresh(refreshCookie(signedUp.headers['set-cookie']));
    expect(refreshed.statusCode).toBe(200);
    expect(claims(refreshed.json().accessToken).role).toBe('admin');

    const signedIn = await authCalls(h.service).signIn(email, STRONG_PASSWORD);
    expect(claims(signedIn.json().accessToken).role).toBe('admin');

    await h.sql.query(`UPDATE identity."user" SET role = NULL WHERE email = $1`, [email]);
    const again = await authCalls(h.service).signIn(email, STRONG_PASSWORD);
    expect(claims(again.json().accessToken)).not.toHaveProperty('role');
  });

  it('holds only known roles', async () => {
    const email = uniqueEmail();
    await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Bo' });
    await expect(
      h.sql.query(`UPDATE identity."user" SET role = 'superuser' WHERE email = $1`, [email]),
    ).rejects.toThrow(/user_role/);
  });
});
