import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServiceHandle } from '../src/index';
import { unsubscribeToken, UNSUBSCRIBE_LINK_TTL_MS } from '../src/unsubscribe-token';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// The e-mail channel (issue 25 point 4; decision 0043): the weekly mails through the dev mailer, each
// with a one-click unsubscribe (RFC 8058) that needs no session and turns off only its own kind.
let h: IdentityHarness;
let now = new Date('2027-03-07T09:00:00Z'); // a Sunday, 09:00 UTC
beforeAll(async () => {
  h = await buildIdentity({ clock: () => now, appUrl: 'https://vere.test' });
});
afterAll(async () => {
  await h?.close();
});

const service = () => h.service as IdentityServiceHandle;
const PREFS = '/api/identity/me/notifications/preferences';
const UNSUBSCRIBE = '/api/identity/mail/unsubscribe';

interface Kept {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}
const mailTo = async (email: string): Promise<Kept[]> =>
  ((await h.service.app.inject({ method: 'GET', url: '/api/identity/dev/mail' })).json().messages as Kept[]).filter(
    (m) => m.to === email,
  );

async function account(prefs: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Noor Haddad' });
  const { accessToken, user } = res.json();
  if (Object.keys(prefs).length > 0) {
    const put = await h.service.app.inject({
      method: 'PUT',
      url: PREFS,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: {
        challengeReminders: true,
        weeklyAnnouncements: true,
        streakReminders: true,
        podActivities: true,
        preferredTime: '09:00',
        timeZone: 'UTC',
        quietHours: { enabled: true, start: '22:00', end: '08:00' },
        channels: { inApp: true, push: true, email: true },
        ...prefs,
      },
    });
    expect(put.statusCode).toBe(200);
  }
  return { email, id: user.id as string, token: accessToken as string };
}

const prefsOf = async (token: string) =>
  (await h.service.app.inject({ method: 'GET', url: PREFS, headers: { authorization: `Bearer ${token}` } })).json();

/** The one-click POST a mail provider makes: no session, no cookie, the RFC 8058 body. */
const oneClick = (url: string) =>
  h.service.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const secret = async () =>
  (await h.sql.query<{ secret: Buffer }>(`SELECT secret FROM identity.mail_secret WHERE id = 1`)).rows[0]!.secret;

describe('the weekly e-mail', () => {
  it('goes once, on Sunday at the preferred minute, with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const noor = await account({ timeZone: 'UTC' });
    now = new Date('2027-03-06T09:00:00Z'); // Saturday: nothing weekly
    await service().mailTick();
    expect(await mailTo(noor.email)).toEqual([]);
    now = new Date('2027-03-07T09:00:00Z');
    const [first, again] = [await service().mailTick(), await service().mailTick()];
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(again.sent).toBe(0);
    const mails = await mailTo(noor.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain('Noor Haddad');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/vere\.test\/api\/identity\/mail\/unsubscribe\?token=[\w.-]+>$/,
    );
  });

  it('goes once when ticks race (the claim in mail_delivery decides)', async () => {
    const racer = await account({ timeZone: 'America/Denver' });
    now = new Date('2027-03-07T16:00:00Z'); // Sunday 09:00 in Denver
    await Promise.all([service().mailTick(), service().mailTick(), service().mailTick()]);
    expect(await mailTo(racer.email)).toHaveLength(1);
  });

  it('is not sent while the e-mail channel is off', async () => {
    const off = await account({ channels: { inApp: true, push: true, email: false } });
    now = new Date('2027-03-14T09:00:00Z');
    await service().mailTick();
    expect(await mailTo(off.email)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  async function linkFor(prefs: Record<string, unknown> = { timeZone: 'UTC' }) {
    const user = await account(prefs);
    now = new Date('2027-03-21T09:00:00Z');
    await service().mailTick();
    const mail = (await mailTo(user.email))[0]!;
    const url = /<(https:[^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    return { user, path: url.replace('https://vere.test', '') };
  }

  it('GET shows a button and changes nothing; the one-click POST turns that kind off without a session', async () => {
    const { user, path } = await linkFor();
    const page = await h.service.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.body).toContain('weekly challenge mail');
    expect((await prefsOf(user.token)).emailKinds).toEqual({ weeklyAnnouncements: true, podDigest: true });

    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ unsubscribed: true, kind: 'weekly_announcement' });
    const after = await prefsOf(user.token);
    expect(after.emailKinds).toEqual({ weeklyAnnouncements: false, podDigest: true });
    // Only that mail: the in-app announcement, the channel and the rest stay on.
    expect(after).toMatchObject({ weeklyAnnouncements: true, channels: { inApp: true, push: true, email: true } });
    expect((await oneClick(path)).statusCode).toBe(200); // twice is fine

    now = new Date('2027-03-28T09:00:00Z');
    await service().mailTick();
    expect(await mailTo(user.email)).toHaveLength(1); // the first one only
  });

  it('works for a user who never saved preferences: the defaults are kept, that mail is off', async () => {
    const { user, path } = await linkFor({});
    const form = await h.service.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Done: no more weekly challenge mail');
    const after = await prefsOf(user.token);
    expect(after).toMatchObject({
      saved: true,
      preferredTime: '09:00',
      challengeReminders: true,
      emailKinds: { weeklyAnnouncements: false, podDigest: true },
    });
  });

  it('refuses a forged, altered, expired or unknown-user link with 400 UNSUBSCRIBE_LINK_INVALID', async () => {
    const { user, path } = await linkFor();
    const other = await account();
    const token = new URL(`https://x${path}`).searchParams.get('token')!;
    const key = await secret();
    const expired = unsubscribeToken(
      key,
      user.id,
      'weekly_announcement',
      new Date(Date.now() - UNSUBSCRIBE_LINK_TTL_MS - 60_000),
    );
    const cases = {
      forged: unsubscribeToken(Buffer.alloc(32, 7), user.id, 'weekly_announcement', new Date()),
      otherUser: token.replace(user.id, other.id),
      otherKind: token.replace('weekly_announcement', 'pod_digest'),
      expired,
      unknownUser: unsubscribeToken(key, randomUUID(), 'weekly_announcement', new Date()),
      truncated: token.slice(0, -3),
    };
    for (const [name, bad] of Object.entries(cases)) {
      const res = await oneClick(`${UNSUBSCRIBE}?token=${encodeURIComponent(bad)}`);
      expect({ name, status: res.statusCode, code: res.json().error.code }).toEqual({
        name,
        status: 400,
        code: 'UNSUBSCRIBE_LINK_INVALID',
      });
      const page = await h.service.app.inject({
        method: 'GET',
        url: `${UNSUBSCRIBE}?token=${encodeURIComponent(bad)}`,
      });
      expect({ name, status: page.statusCode }).toEqual({ name, status: 400 });
    }
    expect((await oneClick(`${UNSUBSCRIBE}?token=${encodeURIComponent('<script>')}`)).statusCode).toBe(400);
    expect((await oneClick(UNSUBSCRIBE)).statusCode).toBe(400);
    // Nothing changed for either of them.
    expect((await prefsOf(user.token)).emailKinds.weeklyAnnouncements).toBe(true);
    expect((await prefsOf(other.token)).emailKinds.weeklyAnnouncements).toBe(true);
  });

  it('a saved preference can turn the mail back on', async () => {
    const { user, path } = await linkFor();
    await oneClick(path);
    const put = await h.service.app.inject({
      method: 'PUT',
      url: PREFS,
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        ...(({ saved: _s, updatedAt: _u, ...rest }) => rest)(await prefsOf(user.token)),
        emailKinds: { weeklyAnnouncements: true, podDigest: true },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().emailKinds.weeklyAnnouncements).toBe(true);
  });
});
