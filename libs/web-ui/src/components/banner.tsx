import type { ReactNode } from 'react';
import { IconAlert } from './icons';

export interface BannerProps {
  tone?: 'error' | 'info';
  children: ReactNode;
}

export function Banner({ tone = 'error', children }: BannerProps) {
  return (
    <div className={`vui-banner vui-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <IconAlert size={20} />
      <div>{children}</div>
    </div>
  );
}
