import { Button } from './button';
import { IconAlert, IconRefresh } from './icons';

export interface ErrorCardProps {
  title?: string;
  message?: string;
  /** Re-attempts the failed work; the Try Again button is hidden without it. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Defaults to reloading the page. */
  onRefresh?: () => void;
  /** Extra hook for tests and diagnostics, e.g. the remote name. */
  area?: string;
  /** A third way out, after Refresh Page (the app-wide card's Simple Mode). */
  secondary?: { label: string; onClick: () => void };
}

export function ErrorCard({
  title = 'Something went wrong',
  message = "We couldn't load this part of Vere. The rest of the app still works.",
  onRetry,
  retrying = false,
  onRefresh = () => window.location.reload(),
  area,
  secondary,
}: ErrorCardProps) {
  return (
    <section
      className="vui-error-card"
      role="alert"
      aria-labelledby={area ? `vui-error-${area}` : undefined}
      data-error-area={area}
    >
      <div className="vui-error-card__icon" aria-hidden="true">
        <IconAlert size={28} />
      </div>
      <h2 className="vui-error-card__title" id={area ? `vui-error-${area}` : undefined}>
        {title}
      </h2>
      <p className="vui-error-card__message">{message}</p>
      <div className="vui-error-card__actions">
        {onRetry ? (
          <Button onClick={onRetry} loading={retrying}>
            Try Again
          </Button>
        ) : null}
        <Button variant="secondary" icon={<IconRefresh size={18} />} onClick={onRefresh}>
          Refresh Page
        </Button>
        {secondary ? (
          <Button variant="ghost" onClick={secondary.onClick}>
            {secondary.label}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
