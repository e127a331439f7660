import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { changeEntitlement, deleteUser, profileUpdated, registerUser, updateProfile } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogEntry, as, createPod, newUser, publishLevel, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

const profileOf = async (userId: string) =>
  (
    await h.sql.query(
      'SELECT name, username, display_name AS "displayName", photo_url AS "photoUrl", avatar_config AS "avatarConfig" FROM pods.profile WHERE user_id = $1',
      [userId],
    )
  ).rows[0];
const allowance = async (userId: string) => (await as(h, userId)('GET', '/api/pods/me/allowance')).json();

describe('profile read model (identity events)', () => {
  it('keeps the registered name and username, then the newest profile', async () => {
    const id = randomUUID();
    await registerUser(h.bus, id, { name: 'Ana', username: 'Ana_Reg' });
    expect(await profileOf(id)).toMatchObject({ name: 'Ana', username: 'ana_reg', photoUrl: null });
    await updateProfile(h.bus, id, { name: 'Ana B', username: 'ana_b', photoUrl: 'https://x.test/a.png' });
    // A link to another site is never kept: every viewer's browser would load it (decision 0035).
    expect(await profileOf(id)).toMatchObject({ name: 'Ana B', username: 'ana_b', photoUrl: null });
  });

  it('forgets the photo links to other sites kept before the rule (migration, decision 0035)', async () => {
    const ana = await newUser(h, { name: 'Ana', username: 'old_photo_ana' });
    const bo = await newUser(h, { name: 'Bo', username: 'old_photo_bo' });
    await h.sql.query('UPDATE pods.profile SET photo_url = $1 WHERE user_id = $2', [
      'https://tracker.example/a.png',
      ana,
    ]);
    const migration = fileURLToPath(
      new URL('../prisma/migrations/20261126100000_own_photos_only/migration.sql', import.meta.url),
    );
    await h.sql.query(readFileSync(migration, 'utf8'));
    const found = (await as(h, bo)('GET', '/api/pods/users/search?q=old_photo_ana')).json().users;
    expect(found).toEqual([expect.objectContaining({ id: ana, photoUrl: null })]);
  });

  it('ignores a profile event older than the one applied, and a registration after a profile', async () => {
    const id = randomUUID();
    const newer = await updateProfile(h.bus, id, { name: 'New' });
    const older = profileUpdated(id, { name: 'Old', username: 'old_name' });
    older.payload.occurredAt = new Date(Date.parse(newer.payload.occurredAt) - 60_000).toISOString();
    await h.bus.publish(older);
    await registerUser(h.bus, id, { name: 'Registered' });
    await h.bus.idle();
    expect((await profileOf(id)).name).toBe('New');
  });

  it('forgets a deleted user and ignores later events about them', async () => {
    const id = randomUUID();
    await updateProfile(h.bus, id);
    await deleteUser(h.bus, id);
    await updateProfile(h.bus, id, { name: 'Back' });
    await changeEntitlement(h.bus, id, { version: 1, isActive: true });
    expect(await profileOf(id)).toBeUndefined();
    expect((await h.sql.query('SELECT 1 FROM pods.entitlement WHERE user_id = $1', [id])).rowCount).toBe(0);
  });
});

describe('GET /api/pods/me/allowance (entitlement and level read models)', () => {
  it('defaults a user pods has heard nothing about to free at level 1: 1 pod of 8', async () => {
    expect(await allowance(randomUUID())).toEqual({
      isPro: false,
      level: 1,
      podsCreated: 0,
      podCreationCap: 1,
      memberCap: 8,
    });
  });

  it('allows 3 pods from level 10 (quests.level.reached.v1), and never lowers the level on a reorder', async () => {
    const id = randomUUID();
    await publishLevel(h, id, 9);
    expect(await allowance(id)).toMatchObject({ level: 9, podCreationCap: 1 });
    await publishLevel(h, id, 10);
    await publishLevel(h, id, 8);
    expect(await allowance(id)).toMatchObject({ level: 10, podCreationCap: 3, memberCap: 8 });
  });

  it('is unlimited with 99 members while Pro (billing.entitlement.changed.v1), newest version wins', async () => {
    const id = randomUUID();
    await changeEntitlement(h.bus, id, { version: 2, isActive: true });
    expect(await allowance(id)).toMatchObject({ isPro: true, podCreationCap: null, memberCap: 99 });
    await changeEntitlement(h.bus, id, { version: 1, isActive: false });
    expect(await allowance(id)).toMatchObject({ isPro: true });
    await changeEntitlement(h.bus, id, { version: 3, isActive: false });
    expect(await allowance(id)).toMatchObject({ isPro: false, podCreationCap: 1, memberCap: 8 });
  });

  it('treats an entitlement past its expiry as free even before billing publishes the lapse', async () => {
    const id = randomUUID();
    await changeEntitlement(h.bus, id, {
      version: 1,
      isActive: true,
      expirationDate: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await allowance(id)).toMatchObject({ isPro: false, podCreationCap: 1 });
  });

  it('answers 401 without a token', async () => {
    const res = await as(h, null)('GET', '/api/pods/me/allowance');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('identity.user.deleted.v1', () => {
  it('removes the user from friendships, blocks, reports, pods and the log', async () => {
    const [gone, friend, creator] = [await newUser(h), await newUser(h), await newUser(h)];
    await as(h, gone)('POST', '/api/pods/friends/requests', { userId: friend });
    await as(h, friend)('POST', `/api/pods/friends/requests/${gone}/accept`);
    await as(h, gone)('PUT', `/api/pods/blocks/${creator}`);
    await as(h, gone)('DELETE', `/api/pods/blocks/${creator}`);
    await as(h, gone)('POST', '/api/pods/reports', { kind: 'user', targetId: creator, reason: 'spam' });
    const { podId, code } = await createPod(h, creator);
    await as(h, gone)('POST', `/api/pods/invites/${code}/join`);
    await addLogEntry(h, podId, gone);
    await deleteUser(h.bus, gone);
    expect((await as(h, friend)('GET', '/api/pods/friends')).json().friends).toEqual([]);
    const detail = (await as(h, creator)('GET', `/api/pods/pods/${podId}`)).json();
    expect(detail.members.map((m: { id: string }) => m.id)).toEqual([creator]);
    expect(detail.log.entries).toEqual([]);
    for (const [table, column] of [
      ['report', 'reporter_id'],
      ['user_block', 'blocker_id'],
      ['friendship', 'user_low'],
      ['friendship', 'user_high'],
    ]) {
      expect((await h.sql.query(`SELECT 1 FROM pods.${table} WHERE ${column} = $1`, [gone])).rowCount, table).toBe(0);
    }
  });
});
