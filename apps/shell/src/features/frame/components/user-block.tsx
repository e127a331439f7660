import { Link } from '@vere/web-router';
import { planLabel, useSession } from '@vere/web-session';
import { useEntitlement } from '@vere/web-kit';
import { Avatar, IconRefresh, Skeleton } from '@vere/web-ui';

export function UserBlock({ compact = false }: { compact?: boolean }) {
  const user = useSession((s) => s.user);
  const name = user?.name ?? 'User';
  return (
    <div className={compact ? 'shell-user shell-user--compact' : 'shell-user'} data-testid="user-block">
      <Avatar name={name} seed={user?.id} size="sm" config={user?.avatarConfig} photoUrl={user?.photoUrl} />
      <div className="shell-user__text">
        <span className="shell-user__name">{name}</span>
        <PlanLabel />
      </div>
    </div>
  );
}

/** The plan comes from billing: a skeleton while it loads, and no guess when it fails. */
function PlanLabel() {
  const { data, isPending, isError, isFetching, refetch } = useEntitlement();
  if (isPending) {
    return (
      <span className="shell-user__plan shell-user__plan--loading" data-testid="user-plan" aria-busy="true">
        <Skeleton width="64px" height="0.8125rem" radius="999px" />
        <span className="vui-visually-hidden">Loading your plan</span>
      </span>
    );
  }
  if (isError) {
    return (
      <button
        type="button"
        className="shell-user__plan shell-user__plan--retry"
        data-testid="user-plan"
        disabled={isFetching}
        aria-label="Plan unavailable. Retry loading your plan"
        title="Couldn't load your plan. Click to retry."
        onClick={() => void refetch()}
      >
        Plan unavailable
        <IconRefresh size={12} />
      </button>
    );
  }
  // A Pro member's badge leads to their subscription (renewal, manage, the Pro hub from there).
  if (data.isActive) {
    return (
      <Link
        to="/subscription"
        className="shell-user__plan shell-user__plan--link"
        data-testid="user-plan"
        data-plan="pro"
        aria-label={`${planLabel(data)}: your subscription`}
      >
        {planLabel(data)}
      </Link>
    );
  }
  return (
    <span className="shell-user__plan" data-testid="user-plan" data-plan="free">
      {planLabel(data)}
    </span>
  );
}
