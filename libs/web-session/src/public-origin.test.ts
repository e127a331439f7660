import { afterEach, describe, expect, it } from 'vitest';
import { publicOrigin, setPublicOrigin } from './public-origin';

describe('publicOrigin', () => {
  afterEach(() => setPublicOrigin(null));

  it("is the page's own origin unless the app set the server's", () => {
    expect(publicOrigin()).toBe(typeof window === 'undefined' ? '' : window.location.origin);
    setPublicOrigin('https://vere.app');
    expect(publicOrigin()).toBe('https://vere.app');
  });
});
