import type { ComponentType } from 'react';
import { IconBook, IconFlame, IconSettings, IconUsers } from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Challenges', to: '/', icon: IconFlame },
  { label: 'Connect', to: '/connect', icon: IconUsers },
  { label: 'Playbooks', to: '/guides', icon: IconBook },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];

/** Spec: `/` is active only on itself; the others on themselves and anything below. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
