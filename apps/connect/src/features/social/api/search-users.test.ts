import { describe, expect, it } from 'vitest';
import { isSearchable, searchPath } from './search-users';

describe('user search', () => {
  it('searches only what the server accepts', () => {
    expect(isSearchable('ada')).toBe(true);
    expect(isSearchable('@ada_1')).toBe(true);
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('a b')).toBe(false);
    expect(isSearchable('a'.repeat(21))).toBe(false);
    expect(searchPath('@ada', 'ada:0000', 20)).toBe('/api/pods/users/search?q=%40ada&limit=20&cursor=ada%3A0000');
  });
});
