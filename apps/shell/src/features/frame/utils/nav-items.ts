import type { ComponentType } from 'react';
import { IconBook, IconFlame, IconSettings, IconUsers } from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import { areaForPath } from '../../../shared/utils/areas';
import type { AreaName } from '../../../shared/utils/areas';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** The area whose every page highlights this item (the tab of `/weekly` is Challenges). */
  area: AreaName;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Challenges', to: '/', icon: IconFlame, area: 'challenges' },
  { label: 'Connect', to: '/connect', icon: IconUsers, area: 'connect' },
  { label: 'Playbooks', to: '/guides', icon: IconBook, area: 'playbooks' },
  { label: 'Settings', to: '/settings', icon: IconSettings, area: 'account' },
];

/**
 * The item for the page at `pathname`: the one of the area that owns the path (the same map that
 * picks the remote), so `/weekly` lights Challenges, `/friends` and `/chat/{id}` Connect, `/profile`
 * and `/subscription` Settings. A path no area owns lights none.
 */
export function isNavActive(item: Pick<NavItem, 'area'>, pathname: string): boolean {
  return areaForPath(pathname)?.name === item.area;
}
