import { Button, IconAlert } from '@vere/web-ui';

/** A failed read says so and offers a retry; it never falls back to an empty list. */
export function PodsError({ title, onRetry, retrying }: { title: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="cn-error" role="alert">
      <span className="cn-error__icon" aria-hidden="true">
        <IconAlert size={22} />
      </span>
      <div className="cn-error__text">
        <p className="cn-error__title">{title}</p>
        <p className="cn-muted">Your pods are safe. Check your connection and try again.</p>
      </div>
      <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
