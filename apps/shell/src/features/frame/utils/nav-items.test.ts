import { describe, expect, it } from 'vitest';
import { isNavActive } from './nav-items';

describe('isNavActive', () => {
  it('matches / exactly', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/challenges')).toBe(false);
  });

  it('matches other items by prefix', () => {
    expect(isNavActive('/guides', '/guides')).toBe(true);
    expect(isNavActive('/guides', '/guides/abc')).toBe(true);
    expect(isNavActive('/guides', '/guidesx')).toBe(false);
    expect(isNavActive('/connect', '/pods/1')).toBe(false);
  });
});
