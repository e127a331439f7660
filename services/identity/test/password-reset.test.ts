import { randomBytes } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityService } from '../src/index';
import { authCalls, buildIdentity, refreshCookie, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

/** A real SMTP server on loopback: every message identity sends arrives here, parsed. */
async function startSmtp() {
  const inbox: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let h: IdentityHarness;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  h = await buildIdentity({ smtpUrl: smtp.url, appUrl: 'https://vere.example', resetLinkTtlMs: 1500 });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const calls = () => authCalls(h.service);
const forgot = (payload: unknown) =>
  h.service.app.inject({ method: 'POST', url: '/api/identity/auth/forgot-password', payload: payload as object });
const reset = (payload: unknown) =>
  h.service.app.inject({ method: 'POST', url: '/api/identity/auth/reset-password', payload: payload as object });
const NEW_PASSWORD = 'Brand-new-pass2!';

async function accountWithSession() {
  const email = uniqueEmail();
  const res = await calls().signUp({ email, password: STRONG_PASSWORD, name: 'Ana' });
  return { email, cookie: refreshCookie(res.headers['set-cookie']), accessToken: res.json().accessToken as string };
}

async function mailFor(email: string): Promise<ParsedMail> {
  await expect
    .poll(() => smtp.inbox.find((m) => m.to && JSON.stringify(m.to).includes(email)), { timeout: 5000 })
    .toBeDefined();
  return smtp.inbox.find((m) => JSON.stringify(m.to).includes(email))!;
}
const tokenOf = (mail: ParsedMail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;

describe('forgot password', () => {
  it('mails a one-hour link to the app (not to whatever Host the request named)', async () => {
    const { email } = await accountWithSession();
    const res = await h.service.app.inject({
      method: 'POST',
      url: '/api/identity/auth/forgot-password',
      payload: { email: email.toUpperCase() },
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(202);
    const mail = await mailFor(email);
    expect(mail.subject).toBe('Reset your Vere password');
    expect(mail.text).toMatch(/^https:\/\/vere\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('href="https://vere.example/reset-password?token=');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await accountWithSession();
    const unknown = uniqueEmail();
    const [a, b] = await Promise.all([forgot({ email: known.email }), forgot({ email: unknown })]);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    await mailFor(known.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox.some((m) => JSON.stringify(m.to).includes(unknown))).toBe(false);
  });

  it.each([
    [{ email: '' }, 'Please enter your email address'],
    [{ email: '   ' }, 'Please enter your email address'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await forgot(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, field: 'email' });
  });

  it('sends one account at most 3 reset mails an hour, however many addresses ask, and answers every request the same', async () => {
    const { email } = await accountWithSession();
    const answers = [];
    for (let i = 0; i < 30; i += 1) {
      answers.push(
        await h.service.app.inject({
          method: 'POST',
          url: '/api/identity/auth/forgot-password',
          payload: { email },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      );
    }
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(202);
    const mails = () => smtp.inbox.filter((m) => JSON.stringify(m.to).includes(email)).length;
    await expect.poll(mails, { timeout: 5000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(mails()).toBe(3);
    // Another account is not held back by this one's count.
    const other = await accountWithSession();
    await forgot({ email: other.email });
    await mailFor(other.email);
  });

  it('counts the mails of concurrent requests exactly (one atomic statement), never more than 3', async () => {
    const { email } = await accountWithSession();
    await Promise.all(Array.from({ length: 12 }, () => forgot({ email })));
    const mails = () => smtp.inbox.filter((m) => JSON.stringify(m.to).includes(email)).length;
    await expect.poll(mails, { timeout: 5000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(mails()).toBe(3);
  });

  it.each([[{}], [{ email: 42 }], [{ email: 'a@b.co', extra: 1 }], [{ email: `${'x'.repeat(300)}@example.com` }]])(
    'answers 400 to %j',
    async (body) => {
      expect((await forgot(body)).statusCode).toBe(400);
    },
  );
});

describe('reset password', () => {
  it('sets the new password, ends every session, and works once', async () => {
    const { email, cookie } = await accountWithSession();
    await forgot({ email });
    const token = tokenOf(await mailFor(email));

    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await calls().signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await calls().signIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await calls().refresh(cookie)).statusCode).toBe(401);

    const again = await reset({ token, newPassword: 'Another-pass3!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_LINK_INVALID');
    expect((await calls().signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the access tokens of every session too, and tells the other services', async () => {
    const { email, accessToken } = await accountWithSession();
    const second = (await calls().signIn(email, STRONG_PASSWORD)).json().accessToken as string;
    const userId = (await calls().me(accessToken)).json().user.id as string;
    await forgot({ email });
    expect((await reset({ token: tokenOf(await mailFor(email)), newPassword: NEW_PASSWORD })).statusCode).toBe(204);

    for (const token of [accessToken, second]) expect((await calls().me(token)).statusCode).toBe(401);
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    const { rows } = await h.sql.query(
      `SELECT payload->>'sessionId' AS "sessionId" FROM identity.outbox_event
        WHERE subject = 'identity.session.revoked.v1' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(rows.map((r) => r.sessionId).sort()).toEqual([sid(accessToken), sid(second)].sort());
    const fresh = (await calls().signIn(email, NEW_PASSWORD)).json().accessToken as string;
    expect((await calls().me(fresh)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent uses of a link through', async () => {
    const { email } = await accountWithSession();
    await forgot({ email });
    const token = tokenOf(await mailFor(email));
    const answers = await Promise.all([
      reset({ token, newPassword: 'First-pass-1!' }),
      reset({ token, newPassword: 'Second-pass-2!' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    const winner = answers[0]!.statusCode === 204 ? 'First-pass-1!' : 'Second-pass-2!';
    expect((await calls().signIn(email, winner)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email } = await accountWithSession();
    await forgot({ email });
    const token = tokenOf(await mailFor(email));
    await new Promise((r) => setTimeout(r, 1600));
    expect((await reset({ token, newPassword: NEW_PASSWORD })).json().error.code).toBe('RESET_LINK_INVALID');
    expect((await calls().signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the older links of the account when a new one is asked for', async () => {
    const { email } = await accountWithSession();
    await forgot({ email });
    const first = tokenOf(await mailFor(email));
    await forgot({ email });
    const mails = () => smtp.inbox.filter((m) => JSON.stringify(m.to).includes(email));
    await expect.poll(() => mails().length, { timeout: 5000 }).toBe(2);
    const second = tokenOf(mails()[1]!);
    expect(second).not.toBe(first);
    expect((await reset({ token: first, newPassword: NEW_PASSWORD })).json().error.code).toBe('RESET_LINK_INVALID');
    expect((await reset({ token: second, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('keeps the password (and the link) when the new password is weak', async () => {
    const { email } = await accountWithSession();
    await forgot({ email });
    const token = tokenOf(await mailFor(email));
    const weak = await reset({ token, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'newPassword' });
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it.each([
    ['an empty token', { token: '', newPassword: NEW_PASSWORD }],
    ['a made-up token', { token: 'A'.repeat(43), newPassword: NEW_PASSWORD }],
    ['an SQL string', { token: "' OR '1'='1", newPassword: NEW_PASSWORD }],
    ['unicode', { token: 'ｔｏｋｅｎ'.repeat(8), newPassword: NEW_PASSWORD }],
    ['an oversized token', { token: 'x'.repeat(10_000), newPassword: NEW_PASSWORD }],
    ['a wrong type', { token: 42, newPassword: NEW_PASSWORD }],
    ['a missing field', { token: 'A'.repeat(43) }],
    ['an unknown field', { token: 'A'.repeat(43), newPassword: NEW_PASSWORD, userId: 'x' }],
  ])('answers 400 with a stable code to %s', async (_label, body) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(400);
    expect(['RESET_LINK_INVALID', 'VALIDATION_FAILED']).toContain(res.json().error.code);
  });
});

describe('mail configuration', () => {
  it('serves no outbox when SMTP is configured', async () => {
    expect((await h.service.app.inject({ method: 'GET', url: '/api/identity/dev/mail' })).statusCode).toBe(404);
  });

  it('without SMTP, shows the kept mail only to a client on this machine (it holds live reset links)', async () => {
    const kept = await buildIdentity({ appUrl: 'https://vere.example' }, { db: h.db });
    try {
      const list = (remoteAddress: string, forwardedFor?: string) =>
        kept.service.app.inject({
          method: 'GET',
          url: '/api/identity/dev/mail',
          remoteAddress,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        });
      expect((await list('127.0.0.1')).statusCode).toBe(200);
      expect((await list('::1')).statusCode).toBe(200);
      // Directly from elsewhere, and through the edge (which names the client it saw) from elsewhere.
      for (const res of [await list('203.0.113.9'), await list('127.0.0.1', '203.0.113.9')]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await kept.close();
    }
  });

  it('refuses to start in production without SMTP_URL (the outbox would show reset links)', async () => {
    await expect(
      createIdentityService(
        {
          databaseUrl: h.db.url,
          issuer: 'vere-identity',
          accessTokenTtlSeconds: 900,
          refreshTokenTtlDays: 30,
          cookieSecure: true,
          authRateLimitPerMinute: 1000,
          production: true,
          // Only mail is missing: the signing-key rule for production is met.
          signingKeyEncryptionKey: randomBytes(32).toString('base64'),
        },
        { bus: h.bus, logger: h.service.app.log },
      ),
    ).rejects.toThrow(/SMTP_URL/);
  });
});
