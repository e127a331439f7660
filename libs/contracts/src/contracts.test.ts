import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, ErrorCodes } from './errors';
import { UserRegistered } from './events';
import { ReadySchema } from './health';
import { AuthSessionSchema, AvatarConfigSchema, SignUpBodySchema, UpdateProfileBodySchema } from './identity';
import { SIDEQUEST_CATEGORIES } from '@vere/domain';
import { LevelProgressSchema, SidequestCategorySchema } from './quests';

describe('error bodies', () => {
  it('accept { error: { code, message, field? } } and nothing looser', () => {
    expect(Value.Check(ErrorBodySchema, { error: { code: 'EMAIL_TAKEN', message: 'Taken' } })).toBe(true);
    expect(Value.Check(ErrorBodySchema, { error: { code: 'VALIDATION_FAILED', message: 'Bad', field: 'email' } })).toBe(
      true,
    );
    expect(Value.Check(ErrorBodySchema, { error: 'Bad Request', message: 'x', statusCode: 400 })).toBe(false); // Fastify's own shape
    expect(Value.Check(ErrorBodySchema, { error: { code: 'X' } })).toBe(false);
  });

  it('map every code to a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(ErrorCodes)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(ErrorCodes.NOT_READY).toBe(503);
    expect(ErrorCodes.SESSION_EXPIRED).toBe(401);
  });
});

describe('sign-up body', () => {
  const valid = { email: 'ana@example.com', password: 'Challenge1!', name: 'Ana' };
  it('accepts the form and an optional username', () => {
    expect(Value.Check(SignUpBodySchema, valid)).toBe(true);
    expect(Value.Check(SignUpBodySchema, { ...valid, username: 'ana_b' })).toBe(true);
  });
  it('refuses extra fields and oversized values (a client cannot smuggle isPro)', () => {
    expect(Value.Check(SignUpBodySchema, { ...valid, isPro: true })).toBe(false);
    expect(Value.Check(SignUpBodySchema, { ...valid, password: 'x'.repeat(129) })).toBe(false);
    expect(Value.Check(SignUpBodySchema, { ...valid, email: `${'a'.repeat(250)}@x.io` })).toBe(false);
    expect(Value.Check(SignUpBodySchema, { email: valid.email, password: valid.password })).toBe(false);
  });
});

describe('answers', () => {
  it('auth session carries the access token and the user, never a refresh token', () => {
    const session = {
      accessToken: 'a.b.c',
      expiresIn: 900,
      user: {
        id: crypto.randomUUID(),
        email: 'ana@example.com',
        name: 'Ana',
        username: 'ana_1234',
        displayName: null,
        bio: null,
        photoUrl: null,
        avatarConfig: null,
        createdAt: new Date().toISOString(),
        hasCompletedOnboarding: false,
        tutorialsSeen: ['home'],
      },
    };
    expect(Value.Check(AuthSessionSchema, session)).toBe(true);
    expect(Value.Check(AuthSessionSchema, { ...session, expiresIn: '900' })).toBe(false);
    expect(Value.Check(AuthSessionSchema, { ...session, user: { ...session.user, username: null } })).toBe(false);
  });

  it('level progress is whole numbers within range', () => {
    const progress = { currentLevel: 1, currentLevelXP: 0, nextLevelXP: 100, xpProgress: 0, xpToNext: 100, totalXP: 0 };
    expect(Value.Check(LevelProgressSchema, progress)).toBe(true);
    expect(Value.Check(LevelProgressSchema, { ...progress, xpProgress: 101 })).toBe(false);
    expect(Value.Check(LevelProgressSchema, { ...progress, currentLevel: 0 })).toBe(false);
    expect(Value.Check(LevelProgressSchema, { ...progress, totalXP: 1.5 })).toBe(false);
  });

  it('readiness may carry outbox counts', () => {
    const ready = { status: 'ready', checks: { database: true, bus: true } };
    expect(Value.Check(ReadySchema, ready)).toBe(true);
    expect(Value.Check(ReadySchema, { ...ready, outbox: { pending: 2, failed: 0, oldestPendingSeconds: 3 } })).toBe(
      true,
    );
    expect(Value.Check(ReadySchema, { ...ready, outbox: { pending: -1, failed: 0, oldestPendingSeconds: 0 } })).toBe(
      false,
    );
  });
});

describe('profile', () => {
  const avatar = {
    seed: 's',
    backgroundColor: ['transparent'],
    eyes: ['normal'],
    mouth: ['awkwardSmile'],
    hair: ['shortHair'],
    skinColor: ['fdbcb4'],
    hairColor: ['8b4513'],
    accessories: ['none'],
  };
  it('changes need at least one known field; null clears optional ones', () => {
    expect(Value.Check(UpdateProfileBodySchema, { bio: null, avatarConfig: avatar })).toBe(true);
    expect(Value.Check(UpdateProfileBodySchema, {})).toBe(false);
    expect(Value.Check(UpdateProfileBodySchema, { isPro: true })).toBe(false);
    expect(Value.Check(UpdateProfileBodySchema, { name: null })).toBe(false);
  });
  it('an avatar is one option per part and nothing else', () => {
    expect(Value.Check(AvatarConfigSchema, avatar)).toBe(true);
    expect(Value.Check(AvatarConfigSchema, { ...avatar, eyes: [] })).toBe(false);
    expect(Value.Check(AvatarConfigSchema, { ...avatar, eyes: ['a', 'b'] })).toBe(false);
    expect(Value.Check(AvatarConfigSchema, { ...avatar, script: 'x' })).toBe(false);
  });
});

describe('events', () => {
  it('identity.user.registered.v1 needs the meta fields, a name, and a username or null', () => {
    const payload = {
      eventId: crypto.randomUUID(),
      occurredAt: new Date().toISOString(),
      userId: crypto.randomUUID(),
      name: 'Ana',
      username: null,
    };
    expect(Value.Check(UserRegistered.schema, payload)).toBe(true);
    expect(Value.Check(UserRegistered.schema, { ...payload, name: 42 })).toBe(false);
    const { userId: _userId, ...withoutUser } = payload;
    expect(Value.Check(UserRegistered.schema, withoutUser)).toBe(false);
  });
});

describe('time zone in identity events', () => {
  const meta = {
    eventId: '8a1c6a3e-6a4e-4d8c-9a51-6f0e2f0f6a11',
    occurredAt: '2026-01-14T12:00:00.000Z',
    userId: '5f1c6a3e-6a4e-4d8c-9a51-6f0e2f0f6a12',
  };
  it('keeps events from before zones valid, and accepts a zone or null', () => {
    expect(Value.Check(UserRegistered.schema, { ...meta, name: 'Ana', username: null })).toBe(true);
    expect(
      Value.Check(UserRegistered.schema, { ...meta, name: 'Ana', username: 'ana', timeZone: 'Asia/Kolkata' }),
    ).toBe(true);
    expect(Value.Check(UserRegistered.schema, { ...meta, name: 'Ana', username: 'ana', timeZone: null })).toBe(true);
    expect(Value.Check(UserRegistered.schema, { ...meta, name: 'Ana', username: 'ana', timeZone: 5 })).toBe(false);
  });
});

describe('sidequest categories', () => {
  it('are exactly the ones libs/domain names', () => {
    for (const category of SIDEQUEST_CATEGORIES) expect(Value.Check(SidequestCategorySchema, category)).toBe(true);
    expect(SidequestCategorySchema.anyOf.map((l: { const: unknown }) => l.const)).toEqual([...SIDEQUEST_CATEGORIES]);
    expect(Value.Check(SidequestCategorySchema, 'fitness')).toBe(false);
  });
});
