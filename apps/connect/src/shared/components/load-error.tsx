import { Button, IconAlert } from '@vere/web-ui';

export interface LoadErrorProps {
  title: string;
  onRetry: () => void;
  retrying: boolean;
  /** The line under the title. */
  hint?: string;
}

/** A failed read says so and offers a retry; it never falls back to an empty list. */
export function LoadError({ title, onRetry, retrying, hint = 'Check your connection and try again.' }: LoadErrorProps) {
  return (
    <div className="cn-error" role="alert">
      <span className="cn-error__icon" aria-hidden="true">
        <IconAlert size={22} />
      </span>
      <div className="cn-error__text">
        <p className="cn-error__title">{title}</p>
        <p className="cn-muted">{hint}</p>
      </div>
      <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="cn-users" aria-busy="true">
      <span className="vui-visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cn-user cn-user--skeleton">
          <span className="vui-skeleton" style={{ width: 40, height: 40, borderRadius: 999 }} />
          <span className="vui-skeleton" style={{ width: '50%', height: 18 }} />
        </div>
      ))}
    </div>
  );
}
