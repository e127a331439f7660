import { describe, expect, it } from 'vitest';
import { asHiddenMember, HIDDEN_MEMBER_NAME } from './blocks';

describe('asHiddenMember', () => {
  it('keeps the membership and drops everything that tells who the member is', () => {
    const card = {
      id: 'u1',
      isCreator: true,
      name: 'Ana',
      username: 'ana',
      photoUrl: '/x.png',
      avatarConfig: { seed: 'a' },
      level: 7,
    };
    expect(asHiddenMember(card)).toEqual({
      id: 'u1',
      isCreator: true,
      name: HIDDEN_MEMBER_NAME,
      username: null,
      photoUrl: null,
      avatarConfig: null,
      level: 1,
    });
  });
});
