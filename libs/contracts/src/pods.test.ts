import { randomUUID } from 'node:crypto';
import { POD_DESCRIPTION_MAX, POD_NAME_MAX } from '@vere/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { FriendshipChanged, MemberJoined } from './events';
import {
  ChatPageQuerySchema,
  CreatePodBodySchema,
  ReportBodySchema,
  SendChatMessageBodySchema,
  UpdatePodBodySchema,
  UserSearchQuerySchema,
} from './pods';

const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), userId: randomUUID() });

describe('pods bodies', () => {
  it('take a pod name and a description within the pod field limits the service and the remote use', () => {
    for (const schema of [CreatePodBodySchema, UpdatePodBodySchema]) {
      expect(Value.Check(schema, { name: 'Crew' })).toBe(true);
      expect(
        Value.Check(schema, { name: 'x'.repeat(POD_NAME_MAX), description: 'y'.repeat(POD_DESCRIPTION_MAX) }),
      ).toBe(true);
      expect(Value.Check(schema, { name: '' })).toBe(false);
      expect(Value.Check(schema, { name: 'x'.repeat(POD_NAME_MAX + 1) })).toBe(false);
      expect(Value.Check(schema, { name: 'Crew', description: 'y'.repeat(POD_DESCRIPTION_MAX + 1) })).toBe(false);
    }
    expect(Value.Check(UpdatePodBodySchema, {})).toBe(false);
  });

  it('search by username characters only, never an e-mail address', () => {
    expect(Value.Check(UserSearchQuerySchema, { q: '@ana_b' })).toBe(true);
    expect(Value.Check(UserSearchQuerySchema, { q: 'ana@example.com' })).toBe(false);
  });

  it('report a user, a pod log entry or a chat message with a known reason', () => {
    expect(Value.Check(ReportBodySchema, { kind: 'pod_log', targetId: randomUUID(), reason: 'spam' })).toBe(true);
    expect(Value.Check(ReportBodySchema, { kind: 'chat_message', targetId: randomUUID(), reason: 'harassment' })).toBe(
      true,
    );
    expect(Value.Check(ReportBodySchema, { kind: 'message', targetId: randomUUID(), reason: 'spam' })).toBe(false);
    expect(Value.Check(ReportBodySchema, { kind: 'user', targetId: randomUUID(), reason: 'because' })).toBe(false);
  });
});

describe('chat bodies', () => {
  it('send text only (the service trims and counts); page with a cursor and a limit of 1 to 50', () => {
    expect(Value.Check(SendChatMessageBodySchema, { body: 'hi' })).toBe(true);
    expect(Value.Check(SendChatMessageBodySchema, { body: '' })).toBe(false);
    expect(Value.Check(SendChatMessageBodySchema, { body: 'x'.repeat(4001) })).toBe(false);
    expect(Value.Check(SendChatMessageBodySchema, { body: 'hi', photoUrl: 'https://example.com/a.png' })).toBe(false);
    expect(Value.Check(ChatPageQuerySchema, { limit: 50, cursor: 'abc_-1' })).toBe(true);
    expect(Value.Check(ChatPageQuerySchema, { limit: 51 })).toBe(false);
    expect(Value.Check(ChatPageQuerySchema, { cursor: 'a|b' })).toBe(false);
  });
});

describe('pods events', () => {
  it('carry the versioned friendship change and the joined member', () => {
    expect(FriendshipChanged.subject).toBe('pods.friendship.changed.v1');
    expect(
      Value.Check(FriendshipChanged.schema, {
        ...meta(),
        otherUserId: randomUUID(),
        change: 'accepted',
        friends: true,
        version: 3,
      }),
    ).toBe(true);
    expect(
      Value.Check(FriendshipChanged.schema, {
        ...meta(),
        otherUserId: randomUUID(),
        change: 'liked',
        friends: true,
        version: 3,
      }),
    ).toBe(false);
    expect(MemberJoined.subject).toBe('pods.member.joined.v1');
    expect(Value.Check(MemberJoined.schema, { ...meta(), podId: randomUUID(), via: 'invite', memberCount: 2 })).toBe(
      true,
    );
  });
});
