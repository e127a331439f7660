import { randomUUID } from 'node:crypto';
import { PodStreakUpdated, UserRegistered } from '@vere/contracts';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../../src/events/outbox';
import { EVENT_PARTITIONS, eventKey, partitionOf } from '../../src/events/types';

describe('event keys and partitions (decision 0045)', () => {
  it("orders a user's events by the user, and a pod's streak by the pod", () => {
    const userId = randomUUID();
    const podId = randomUUID();
    expect(eventKey(newEvent(UserRegistered.subject, userId, { name: 'Ana' }))).toBe(userId);
    expect(eventKey(newEvent(PodStreakUpdated.subject, userId, { podId }))).toBe(podId);
    // A streak event of another member of the same pod lands in the same partition.
    expect(partitionOf(newEvent(PodStreakUpdated.subject, randomUUID(), { podId }))).toBe(
      partitionOf(newEvent(PodStreakUpdated.subject, userId, { podId })),
    );
  });

  it('falls back to userId when the named key is missing or not a string', () => {
    const userId = randomUUID();
    expect(eventKey(newEvent(PodStreakUpdated.subject, userId, {}))).toBe(userId);
    expect(eventKey(newEvent(PodStreakUpdated.subject, userId, { podId: 42 }))).toBe(userId);
  });

  it('is deterministic and spreads keys over every partition', () => {
    const users = Array.from({ length: 1600 }, () => randomUUID());
    const partitions = users.map((u) => partitionOf(newEvent('identity.user.registered.v1', u, {})));
    expect(partitions).toEqual(users.map((u) => partitionOf(newEvent('identity.user.deleted.v1', u, {}))));
    expect(partitions.every((p) => Number.isInteger(p) && p >= 0 && p < EVENT_PARTITIONS)).toBe(true);
    const counts = Array.from({ length: EVENT_PARTITIONS }, (_, p) => partitions.filter((x) => x === p).length);
    expect(Math.min(...counts)).toBeGreaterThan(20); // 50 expected each
    // A fixed key has a fixed partition on every process (FNV-1a 32-bit, modulo 32; decision 0057).
    expect(partitionOf(newEvent('identity.user.registered.v1', '00000000-0000-4000-8000-000000000000', {}))).toBe(21);
    // Modulo 32 keeps the partition of the 8 before it (modulo 8), so an upgraded key stays in its old consumer's line.
    expect(partitionOf(newEvent('identity.user.registered.v1', '00000000-0000-4000-8000-000000000000', {}), 8)).toBe(5);
    expect(partitionOf(newEvent('identity.user.registered.v1', 'ana', {}))).toBe(5); // FNV-1a("ana") = 338283141
  });
});
