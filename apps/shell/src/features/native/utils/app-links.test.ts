import { describe, expect, it } from 'vitest';
import { pathForAppUrl } from './app-links';

describe('pathForAppUrl', () => {
  it('opens the join screen, the reset screen and the sign-in return from universal links', () => {
    expect(pathForAppUrl('https://vere.app/join/AB12cd')).toBe('/join/AB12cd');
    expect(pathForAppUrl('https://vere.app/reset-password?token=t0k')).toBe('/reset-password?token=t0k');
    expect(pathForAppUrl('https://vere.app/auth/callback?error=ACCESS_DENIED')).toBe(
      '/auth/callback?error=ACCESS_DENIED',
    );
  });

  it("reads Google sign-in's return through the custom scheme", () => {
    expect(pathForAppUrl('vere://auth/callback?code=one-time')).toBe('/auth/callback?code=one-time');
  });

  it('sends any other page of the site home and ignores other schemes', () => {
    expect(pathForAppUrl('https://vere.app/settings')).toBe('/');
    expect(pathForAppUrl('https://vere.app/join/../settings')).toBe('/');
    expect(pathForAppUrl('vere://pods/42')).toBe('/');
    expect(pathForAppUrl('javascript:alert(1)')).toBeNull();
    expect(pathForAppUrl('http://vere.app/join/AB12cd')).toBeNull();
    expect(pathForAppUrl('not a url')).toBeNull();
  });
});
