import { deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newUser, startPods, type PodsHarness } from './helper';

// The revocation read model service-kit wires into every service (decision 0034), seen from pods.
let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

describe('a deleted user’s still-valid access token', () => {
  it('is refused, and no row about the user appears afterwards', async () => {
    const [gone, other] = [await newUser(h), await newUser(h)];
    expect((await as(h, gone)('GET', '/api/pods/friends')).statusCode).toBe(200);
    await deleteUser(h.bus, gone);

    const writes = [
      ['POST', '/api/pods/pods', { name: 'After Deletion' }],
      ['POST', '/api/pods/friends/requests', { userId: other }],
      ['PUT', `/api/pods/blocks/${other}`, undefined],
      ['POST', '/api/pods/reports', { kind: 'user', targetId: other, reason: 'spam' }],
    ] as const;
    for (const [method, url, body] of writes) {
      expect((await as(h, gone)(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [table, column] of [
      ['pod_member', 'user_id'],
      ['report', 'reporter_id'],
      ['user_block', 'blocker_id'],
      ['friendship', 'user_low'],
      ['friendship', 'user_high'],
    ]) {
      expect((await h.sql.query(`SELECT 1 FROM pods.${table} WHERE ${column} = $1`, [gone])).rowCount, table).toBe(0);
    }
    // Everyone else is unaffected.
    expect((await as(h, other)('GET', '/api/pods/friends')).statusCode).toBe(200);
  });
});
