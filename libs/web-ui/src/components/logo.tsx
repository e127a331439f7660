import { useId } from 'react';

export interface LogoProps {
  size?: number;
  withWordmark?: boolean;
  /** `inverse` draws a white tile with a gradient mark, for use on the brand gradient itself. */
  tone?: 'default' | 'inverse';
  className?: string;
}

/** The Vere mark: a bold "V" on the brand gradient. */
export function Logo({ size = 36, withWordmark = true, tone = 'default', className }: LogoProps) {
  const gradientId = useId();
  return (
    <span className={className ? `vui-logo ${className}` : 'vui-logo'}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--vui-brand-1)" />
            <stop offset="0.55" stopColor="var(--vui-brand-2)" />
            <stop offset="1" stopColor="var(--vui-brand-3)" />
          </linearGradient>
        </defs>
        <rect x="2" y="2" width="44" height="44" rx="14" fill={tone === 'inverse' ? '#fff' : `url(#${gradientId})`} />
        <path
          d="M13 14.5h6.4l4.6 13 4.6-13H35l-8 20h-6l-8-20Z"
          fill={tone === 'inverse' ? `url(#${gradientId})` : '#fff'}
        />
        <circle cx="35.5" cy="12.5" r="3" fill={tone === 'inverse' ? 'var(--vui-brand-2)' : '#fff'} opacity="0.9" />
      </svg>
      {withWordmark ? <span className="vui-logo__word">Vere</span> : <span className="vui-visually-hidden">Vere</span>}
    </span>
  );
}
