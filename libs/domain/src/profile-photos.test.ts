import { describe, expect, it } from 'vitest';
import { isOwnPhotoUrl, OWN_PHOTO_PATHS, shownPhotoUrl } from './profile-photos';

describe('profile photos come from Vere only (decision 0035)', () => {
  it('shows no link to another host, whatever was stored before', () => {
    for (const url of [
      'https://images.example.com/me.png',
      'http://images.example.com/me.png',
      '//images.example.com/me.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ])
      expect(shownPhotoUrl(url)).toBeNull();
    expect(shownPhotoUrl(null)).toBeNull();
    expect(shownPhotoUrl(undefined)).toBeNull();
  });

  it('serves no profile photo of its own yet: no path is one', () => {
    expect(OWN_PHOTO_PATHS).toEqual([]);
    expect(isOwnPhotoUrl('/api/identity/avatars/a.jpg')).toBe(false);
  });

  it('accepts a plain same-origin path under one of its photo paths, and nothing that could leave it', () => {
    const paths = ['/api/identity/avatars/'];
    expect(isOwnPhotoUrl('/api/identity/avatars/2b1e6c1a.jpg', paths)).toBe(true);
    for (const url of [
      'https://vere.app/api/identity/avatars/a.jpg',
      '//evil.example/api/identity/avatars/a.jpg',
      '/api/identity/avatars/../../me/delete',
      '/api/identity/avatars/a.jpg?next=https://evil.example',
      '/api/identity/avatars/%2e%2e/x',
      '/api/identity/avatars\\evil',
      '/api/identity/avatarsX/a.jpg',
      '/api/pods/a.jpg',
    ])
      expect(isOwnPhotoUrl(url, paths), url).toBe(false);
  });
});
