import type { HTMLAttributes } from 'react';
import { cx } from './class-names';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  tone?: 'default' | 'raised' | 'brand';
  padding?: 'sm' | 'md' | 'lg';
}

export function Card({ tone = 'default', padding = 'md', className, ...rest }: CardProps) {
  return <div className={cx('vui-card', `vui-card--${tone}`, `vui-card--pad-${padding}`, className)} {...rest} />;
}
