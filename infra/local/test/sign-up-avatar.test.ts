import { randomUUID } from 'node:crypto';
import { randomAvatarConfig } from '@vere/domain';
import type { TestDatabase } from '@vere/dev-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { startLocalStack } from './support/stack';

/**
 * The avatar a person draws at sign-up is what others see of them straight away — on quests'
 * leaderboard and in pods' people search — not the default avatar until their first profile edit
 * (registration events carry no avatar; identity also publishes the starting profile).
 */
describe('the avatar chosen at sign-up reaches the other services', () => {
  let db: TestDatabase;
  let stack: RunningStack;

  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_signup_avatar'));
  });

  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  const get = async (path: string, token: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  async function signUp(username: string, avatarConfig?: unknown): Promise<string> {
    const res = await fetch(`${stack.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${username}@example.com`,
        password: 'Challenge1!',
        name: 'Pic Person',
        username,
        avatarConfig,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  it('shows it on the leaderboard and in people search, with no profile edit', async () => {
    const avatarConfig = randomAvatarConfig('drawn-at-sign-up');
    const username = `pic_${randomUUID().slice(0, 8)}`;
    const token = await signUp(username, avatarConfig);
    // Search never finds the searcher: someone else looks them up.
    const other = await signUp(`look_${randomUUID().slice(0, 8)}`);

    await expect
      .poll(
        async () => {
          const board = await get('/api/quests/leaderboard', token);
          return (board.body.me as { avatarConfig?: unknown } | null)?.avatarConfig ?? null;
        },
        { timeout: 15_000 },
      )
      .toEqual(avatarConfig);

    await expect
      .poll(
        async () => {
          const found = await get(`/api/pods/users/search?q=${username}`, other);
          const users = (found.body.users ?? []) as Array<{ username: string; avatarConfig: unknown }>;
          return users.find((u) => u.username === username)?.avatarConfig ?? null;
        },
        { timeout: 15_000 },
      )
      .toEqual(avatarConfig);
  });
});
