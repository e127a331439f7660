import { ProfileUpdated, UserRegistered } from '@vere/contracts';
import { defaultAvatarConfig, randomAvatarConfig, validateUsername } from '@vere/domain';
import type { DomainEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity();
});
afterAll(async () => {
  await h?.close();
});

const calls = () => authCalls(h.service);
const patchMe = (token: string | null, payload: unknown) =>
  h.service.app.inject({
    method: 'PATCH',
    url: '/api/identity/me',
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const availability = (username: string) =>
  h.service.app.inject({ method: 'GET', url: `/api/identity/usernames/${encodeURIComponent(username)}/availability` });

async function newAccount(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await calls().signUp({ email, password: STRONG_PASSWORD, name: 'Ana Lopez', ...extra });
  expect(res.statusCode).toBe(201);
  const { accessToken, user } = res.json();
  return { email, token: accessToken as string, user };
}
const meOf = async (token: string) => (await calls().me(token)).json().user;
const uniqueName = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('sign-up with an avatar and a generated username', () => {
  it('stores the avatar the creator made', async () => {
    const avatar = randomAvatarConfig('ana-seed');
    const { token, user } = await newAccount({ avatarConfig: avatar });
    expect(user.avatarConfig).toEqual(avatar);
    expect((await meOf(token)).avatarConfig).toEqual(avatar);
  });

  it('creates the account without one when none is given', async () => {
    const { user } = await newAccount();
    expect(user).toMatchObject({ avatarConfig: null, displayName: null, bio: null, photoUrl: null });
  });

  it('refuses an avatar option the creator does not offer, creating nothing', async () => {
    const email = uniqueEmail();
    const res = await calls().signUp({
      email,
      password: STRONG_PASSWORD,
      name: 'Ana',
      avatarConfig: { ...defaultAvatarConfig('s'), hair: ['<script>'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'avatarConfig' });
    expect((await calls().signIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('gives everyone with the same name a different valid username', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => newAccount()));
    const usernames = users.map(({ user }) => user.username as string);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const username of usernames) {
      expect(username).toMatch(/^ana_lopez_[0-9]{4}$/);
      expect(validateUsername(username).ok).toBe(true);
    }
  });
});

describe('username availability', () => {
  it('answers available for a free username, as it would be stored', async () => {
    const name = uniqueName();
    const res = await availability(`  ${name.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: name, available: true });
  });

  it('answers taken whatever the case', async () => {
    const username = uniqueName();
    await newAccount({ username });
    expect((await availability(username.toUpperCase())).json()).toEqual({ username, available: false });
  });

  it.each(['ab', '_ana', 'ana__b', "ana'; drop table", 'ａｎａ', 'x'.repeat(41)])(
    'answers 4xx naming the rule for %j',
    async (bad) => {
      const res = await availability(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('profile changes', () => {
  it('changes every identity field and publishes identity.profile.updated.v1 without the e-mail', async () => {
    const received: DomainEvent[] = [];
    const sub = await h.bus.subscribe(
      { durable: `profile-${Date.now()}`, subjects: [ProfileUpdated.subject] },
      async (e) => {
        received.push(e);
      },
    );
    const { token, user } = await newAccount();
    const username = uniqueName();
    const avatar = randomAvatarConfig('new-look');
    const res = await patchMe(token, {
      name: ' Ana  María ',
      displayName: 'Ani ✨',
      username: username.toUpperCase(),
      bio: 'Runner.\nClimber.',
      avatarConfig: avatar,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'Ana María',
      displayName: 'Ani ✨',
      username,
      bio: 'Runner.\nClimber.',
      photoUrl: null,
      avatarConfig: avatar,
    };
    expect(res.json().user).toMatchObject(expected);
    expect(await meOf(token)).toMatchObject(expected);

    // The first is the profile the account started with (sign-up); the second is this change.
    const mine = () => received.filter((e) => e.payload.userId === user.id);
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    const event = mine()[1]!;
    expect(event.payload).toMatchObject({
      name: 'Ana María',
      displayName: 'Ani ✨',
      username,
      photoUrl: null,
      avatarConfig: avatar,
    });
    expect(event.payload).not.toHaveProperty('email');
    await sub.stop();
  });

  it('clears optional fields with null or blank text', async () => {
    const { token } = await newAccount({ avatarConfig: defaultAvatarConfig('x') });
    await patchMe(token, { displayName: 'Ani', bio: 'Hi' });
    const res = await patchMe(token, { displayName: null, bio: '   ', avatarConfig: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: null, bio: null, avatarConfig: null });
  });

  it('refuses a username another account holds, in any case, and changes nothing else', async () => {
    const other = uniqueName();
    await newAccount({ username: other });
    const { token, user } = await newAccount();
    const res = await patchMe(token, { name: 'Changed Name', username: other.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Username is already taken',
      field: 'username',
    });
    expect(await meOf(token)).toMatchObject({ name: 'Ana Lopez', username: user.username });
  });

  it('keeps usernames lower-case in the database itself', async () => {
    const { user } = await newAccount();
    await expect(
      h.sql.query('UPDATE identity."user" SET username = $1 WHERE id = $2', ['Ana_Upper', user.id]),
    ).rejects.toThrow(/user_username_lower_case/);
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { isPro: true }],
    ['a wrong type', { name: 42 }],
    ['an invalid name', { name: 'R2D2' }],
    ['an invalid username', { username: '__' }],
    ['an SQL string as username', { username: "x' OR '1'='1" }],
    ['an oversized bio', { bio: 'x'.repeat(401) }],
    ['a bio over 160 characters', { bio: 'x'.repeat(161) }],
    ['control characters', { displayName: 'a\u0000b' }],
    ['a script link as photo', { photoUrl: 'javascript:alert(1)' }],
    ['a plain-HTTP photo', { photoUrl: 'http://example.com/a.png' }],
    ['a photo on another site (decision 0035)', { photoUrl: 'https://images.example.com/ana.png' }],
    ['a protocol-relative photo', { photoUrl: '//images.example.com/ana.png' }],
    ['an unknown avatar option', { avatarConfig: { ...defaultAvatarConfig('s'), eyes: ['laser'] } }],
    ['an avatar with two eyes options', { avatarConfig: { ...defaultAvatarConfig('s'), eyes: ['sad', 'normal'] } }],
    ['an array body', [{ name: 'Ana' }]],
  ])('answers 400 to %s and changes nothing', async (_label, body) => {
    const { token, user } = await newAccount();
    const res = await patchMe(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    expect(await meOf(token)).toEqual(user);
  });

  it('never hands out a photo link to another site stored before the rule (decision 0035)', async () => {
    const received: DomainEvent[] = [];
    const sub = await h.bus.subscribe(
      { durable: `old-photo-${Date.now()}`, subjects: [ProfileUpdated.subject] },
      async (e) => {
        received.push(e);
      },
    );
    const { token, user } = await newAccount();
    await h.sql.query('UPDATE identity."user" SET photo_url = $1 WHERE id = $2', [
      'https://tracker.example/ana.png',
      user.id,
    ]);
    expect((await meOf(token)).photoUrl).toBeNull();
    const res = await patchMe(token, { bio: 'Runner.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.photoUrl).toBeNull();
    const mine = () => received.filter((e) => e.payload.userId === user.id);
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    expect(mine()[1]!.payload).toMatchObject({ photoUrl: null });
    // "Your data" is the user's own file, never shown to anyone: it still says what was stored.
    const exported = await h.service.app.inject({
      method: 'GET',
      url: '/api/identity/me/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.json().account.photoUrl).toBe('https://tracker.example/ana.png');
    await sub.stop();
  });

  it('stores HTML as text, for the UI to escape', async () => {
    const { token } = await newAccount();
    const res = await patchMe(token, { displayName: '<img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.displayName).toBe('<img src=x onerror=alert(1)>');
  });

  it('answers 401 without a valid access token', async () => {
    expect((await patchMe(null, { name: 'Eve' })).statusCode).toBe(401);
    expect((await patchMe('not.a.token', { name: 'Eve' })).statusCode).toBe(401);
  });
});

describe('guided start milestones (intro and tutorials, kept on the server)', () => {
  const mark = (token: string | null, milestone: string) =>
    h.service.app.inject({
      method: 'PUT',
      url: `/api/identity/me/milestones/${milestone}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('starts with nothing done and records the intro once, on every device', async () => {
    const { email, token, user } = await newAccount();
    expect(user).toMatchObject({ hasCompletedOnboarding: false, tutorialsSeen: [] });
    const res = await mark(token, 'onboarding');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasCompletedOnboarding).toBe(true);
    // Another browser signs in and sees the same.
    const other = (await calls().signIn(email, STRONG_PASSWORD)).json();
    expect(other.user.hasCompletedOnboarding).toBe(true);
    expect((await mark(token, 'onboarding')).statusCode).toBe(200);
  });

  it('records each tutorial once even when finished on two devices at the same moment', async () => {
    const { token } = await newAccount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => mark(token, 'tutorial-home')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await meOf(token)).tutorialsSeen).toEqual(['home']);
    await mark(token, 'tutorial-challenges');
    const me = await meOf(token);
    expect(me.tutorialsSeen).toEqual(['home', 'challenges']);
    expect(me.hasCompletedOnboarding).toBe(false);
  });

  it('refuses unknown milestones and anonymous callers', async () => {
    const { token } = await newAccount();
    for (const bad of ['tutorial-settings', 'ONBOARDING', '%00', 'onboarding;drop']) {
      const res = await mark(token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await mark(null, 'onboarding')).statusCode).toBe(401);
    expect((await meOf(token)).tutorialsSeen).toEqual([]);
  });
});

describe('time zone', () => {
  const registeredEvents: DomainEvent[] = [];
  const profileEvents: DomainEvent[] = [];
  beforeAll(async () => {
    await h.bus.subscribe({ durable: `tz-registered-${Date.now()}`, subjects: [UserRegistered.subject] }, async (e) => {
      registeredEvents.push(e);
    });
    await h.bus.subscribe({ durable: `tz-profile-${Date.now()}`, subjects: [ProfileUpdated.subject] }, async (e) => {
      profileEvents.push(e);
    });
  });

  it('stores the zone given at sign-up and tells quests in identity.user.registered.v1', async () => {
    const { token, user } = await newAccount({ timeZone: 'Pacific/Auckland' });
    expect(user.timeZone).toBe('Pacific/Auckland');
    expect((await meOf(token)).timeZone).toBe('Pacific/Auckland');
    await expect
      .poll(() => registeredEvents.find((e) => e.payload.userId === user.id)?.payload.timeZone, { timeout: 5000 })
      .toBe('Pacific/Auckland');
  });

  it('is optional at sign-up (null until given)', async () => {
    const { user } = await newAccount();
    expect(user.timeZone).toBeNull();
    await expect
      .poll(() => registeredEvents.find((e) => e.payload.userId === user.id), { timeout: 5000 })
      .toBeDefined();
    expect(registeredEvents.find((e) => e.payload.userId === user.id)!.payload.timeZone).toBeNull();
  });

  it('changes through PATCH /api/identity/me and reaches identity.profile.updated.v1', async () => {
    const { token, user } = await newAccount({ timeZone: 'Asia/Kolkata' });
    const res = await patchMe(token, { timeZone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.timeZone).toBe('America/New_York');
    await expect
      .poll(() => profileEvents.filter((e) => e.payload.userId === user.id).map((e) => e.payload.timeZone), {
        timeout: 5000,
      })
      .toEqual(['Asia/Kolkata', 'America/New_York']);
  });

  it.each(['Mars/Olympus_Mons', '+05:30', 'EST', '', 'x'.repeat(65)])(
    'refuses %j at sign-up, creating nothing',
    async (bad) => {
      const email = uniqueEmail();
      const res = await calls().signUp({ email, password: STRONG_PASSWORD, name: 'Ana', timeZone: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'timeZone' });
      expect((await calls().signIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
    },
  );

  it.each(['Mars/Olympus_Mons', 'Europe/', 42])('refuses %j in a profile change, changing nothing', async (bad) => {
    const { token } = await newAccount({ timeZone: 'Asia/Kolkata' });
    const res = await patchMe(token, { timeZone: bad, name: 'Changed Name' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'timeZone' });
    expect(await meOf(token)).toMatchObject({ timeZone: 'Asia/Kolkata', name: 'Ana Lopez' });
  });
});
