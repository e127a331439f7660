import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavActive } from './nav-items';

const activeLabel = (pathname: string) =>
  NAV_ITEMS.filter((item) => isNavActive(item, pathname)).map((item) => item.label);

describe('isNavActive', () => {
  it.each([
    ['/', 'Challenges'],
    ['/weekly', 'Challenges'],
    ['/challenges/3f1c', 'Challenges'],
    ['/packs', 'Challenges'],
    ['/connect', 'Connect'],
    ['/friends', 'Connect'],
    ['/chat/00000000-0000-4000-8000-000000000000', 'Connect'],
    ['/pods/1', 'Connect'],
    ['/guides', 'Playbooks'],
    ['/guides/abc', 'Playbooks'],
    ['/settings', 'Settings'],
    ['/profile', 'Settings'],
    ['/subscription', 'Settings'],
    ['/pro-hub', 'Settings'],
  ])('lights one tab on %s: %s', (pathname, label) => {
    expect(activeLabel(pathname)).toEqual([label]);
  });

  it('lights none on a path no area owns', () => {
    expect(activeLabel('/guidesx')).toEqual([]);
    expect(activeLabel('/no-such-page')).toEqual([]);
  });
});
