import { describe, expect, it } from 'vitest';
import { tokenRole, weekNumberOf } from './admin-role';

const token = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('tokenRole', () => {
  it("reads the token's role claim", () => {
    expect(tokenRole(token({ sub: 'u', role: 'admin' }))).toBe('admin');
  });

  it('is null without a role, a token, or with a malformed one', () => {
    expect(tokenRole(token({ sub: 'u' }))).toBeNull();
    expect(tokenRole(null)).toBeNull();
    expect(tokenRole('not-a-token')).toBeNull();
    expect(tokenRole('a.%%%.c')).toBeNull();
  });
});

describe('weekNumberOf', () => {
  it('counts Sundays from 1970-01-04', () => {
    expect(weekNumberOf(new Date('1970-01-04T00:00:00Z'))).toBe(0);
    expect(weekNumberOf(new Date('1970-01-10T23:59:00Z'))).toBe(0);
    expect(weekNumberOf(new Date('1970-01-11T00:00:00Z'))).toBe(1);
  });
});
