import { Logo } from './logo';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; pass null when a surrounding element already announces the busy state. */
  label?: string | null;
}

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className={`vui-spinner vui-spinner--${size}`}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}

export interface LoadingScreenProps {
  message?: string;
  /** Full viewport (start-up) or the size of the area it replaces. */
  fullScreen?: boolean;
}

export function LoadingScreen({ message = 'Loading your adventure...', fullScreen = true }: LoadingScreenProps) {
  return (
    <div className={fullScreen ? 'vui-loading vui-loading--full' : 'vui-loading'} role="status" aria-live="polite">
      <div className="vui-loading__mark">
        <Logo size={56} withWordmark={false} />
      </div>
      <p className="vui-loading__text">{message}</p>
      <span className="vui-loading__dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
