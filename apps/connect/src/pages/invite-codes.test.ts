import { describe, expect, it } from 'vitest';
import { inviteCodeFrom } from './connect-hub';
import { inviteLink } from './pod-page';

describe('invite codes', () => {
  const code = 'AbCdEfGhIjKlMnOp_-12';
  it('takes a bare code or a whole link', () => {
    expect(inviteCodeFrom(code)).toBe(code);
    expect(inviteCodeFrom(`https://vere.app/join/${code}`)).toBe(code);
    expect(inviteCodeFrom(` /join/${code}/ `)).toBe(code);
    expect(inviteCodeFrom('short')).toBeNull();
    expect(inviteCodeFrom('a'.repeat(65))).toBeNull();
    expect(inviteCodeFrom(`https://vere.app/pods/${code}`)).toBeNull();
    expect(inviteCodeFrom('')).toBeNull();
  });
  it('builds the join link', () => {
    expect(inviteLink(code, 'https://vere.app')).toBe(`https://vere.app/join/${code}`);
  });
});
