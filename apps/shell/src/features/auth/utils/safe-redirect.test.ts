import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/connect', '/connect'],
    ['/pods/1?tab=log#x', '/pods/1?tab=log#x'],
    [undefined, '/'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/auth', '/'],
    ['/\\evil.example', '/'],
    ['/auth?mode=sign-up', '/'],
  ])('%s → %s', (from, expected) => {
    expect(safeRedirect(from)).toBe(expected);
  });
});
