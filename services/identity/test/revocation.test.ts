import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, refreshCookie, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// Revocation (decision 0034): an access token names its session (`sid`); identity refuses it once the
// session ended or the account is gone, and publishes identity.session.revoked.v1 so the other
// services refuse it too.
let h: IdentityHarness;
beforeAll(async () => {
  // No grace for a refresh token presented twice: the second use is a replay at once.
  h = await buildIdentity({ refreshReuseGraceMs: 0 });
});
afterAll(async () => {
  await h?.close();
});

const calls = () => authCalls(h.service);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signedUp() {
  const res = await calls().signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Ana' });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { accessToken: string; user: { id: string } };
  return { token: body.accessToken, userId: body.user.id, cookie: refreshCookie(res.headers['set-cookie']) };
}

async function revokedSessions(userId: string): Promise<Array<{ sessionId: string; revokedAt: string }>> {
  const { rows } = await h.sql.query(
    `SELECT payload FROM identity.outbox_event WHERE subject = 'identity.session.revoked.v1' AND payload->>'userId' = $1`,
    [userId],
  );
  return rows.map((r) => r.payload);
}

const signOut = (cookie: string) =>
  h.service.app.inject({ method: 'POST', url: '/api/identity/auth/sign-out', headers: { cookie } });

describe('revoking access tokens', () => {
  it('names the session in every access token, the refreshed ones included', async () => {
    const { token, cookie } = await signedUp();
    const sid = claimsOf(token).sid;
    expect(sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    const refreshed = await calls().refresh(cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().accessToken).sid).toBe(sid);
  });

  it('refuses a signed-out session’s access token and publishes the revocation', async () => {
    const { token, userId, cookie } = await signedUp();
    expect((await calls().me(token)).statusCode).toBe(200);
    expect((await signOut(cookie)).statusCode).toBe(204);
    expect((await calls().me(token)).statusCode).toBe(401);
    expect(await revokedSessions(userId)).toEqual([
      expect.objectContaining({ sessionId: claimsOf(token).sid, revokedAt: expect.any(String) }),
    ]);
  });

  it('keeps the other sessions of the user', async () => {
    const first = await signedUp();
    const email = (await calls().me(first.token)).json().user.email as string;
    const second = (await calls().signIn(email, STRONG_PASSWORD)).json().accessToken as string;
    expect((await signOut(first.cookie)).statusCode).toBe(204);
    expect((await calls().me(first.token)).statusCode).toBe(401);
    expect((await calls().me(second)).statusCode).toBe(200);
  });

  it('ends the session of a replayed refresh token, its access tokens included', async () => {
    const { token, userId, cookie } = await signedUp();
    expect((await calls().refresh(cookie)).statusCode).toBe(200);
    expect((await calls().refresh(cookie)).statusCode).toBe(401); // the replay
    expect((await calls().me(token)).statusCode).toBe(401);
    expect((await revokedSessions(userId)).map((e) => e.sessionId)).toEqual([claimsOf(token).sid]);
  });

  it('refuses a deleted account’s access token', async () => {
    const { token } = await signedUp();
    const deleted = await h.service.app.inject({
      method: 'POST',
      url: '/api/identity/me/delete',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await calls().me(token)).statusCode).toBe(401);
  });
});
