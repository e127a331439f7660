import { planLabel } from '@vere/web-session';
import { useEntitlement } from '@vere/web-kit';
import { Button, IconAlert, Skeleton } from '@vere/web-ui';

/** The plan pill, from billing: a skeleton while it loads and a retryable alert when it fails, never a guess. */
export function PlanStatus({ testId }: { testId?: string }) {
  const { data, isPending, isError, isFetching, refetch } = useEntitlement();
  if (isPending) {
    return (
      <span className="ac-plan-loading" data-testid={testId} data-state="loading" aria-busy="true">
        <Skeleton width="88px" height="24px" radius="999px" />
        <span className="vui-visually-hidden" role="status">
          Loading your plan
        </span>
      </span>
    );
  }
  if (isError) {
    return (
      <span className="ac-plan-error" data-testid={testId} data-state="error" role="alert">
        <IconAlert size={16} />
        <span>Couldn&apos;t load your plan</span>
        <Button size="sm" variant="ghost" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </span>
    );
  }
  return (
    <span
      className={data.isActive ? 'ac-plan ac-plan--pro' : 'ac-plan'}
      data-testid={testId}
      data-state={data.isActive ? 'pro' : 'free'}
    >
      {planLabel(data)}
    </span>
  );
}
