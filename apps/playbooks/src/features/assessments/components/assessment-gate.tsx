import type { ReactNode } from 'react';
import { Link } from '@vere/web-router';
import { isApiError } from '@vere/web-session';
import { EmptyState, ErrorCard, IconCompass, IconCrown, Skeleton, buttonClassName } from '@vere/web-ui';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading, not found, Pro-only and error states shared by every assessment page. */
export function AssessmentGate({
  query,
  what,
  children,
}: {
  query: QueryLike;
  what: string;
  children: () => ReactNode;
}) {
  if (query.isPending)
    return (
      <div aria-busy="true" className="as-loading">
        <span className="vui-visually-hidden" role="status">
          Loading the {what}
        </span>
        <Skeleton height="120px" radius="20px" />
        <Skeleton height="220px" radius="20px" />
      </div>
    );
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 403)
      return (
        <EmptyState
          icon={<IconCrown size={32} />}
          title="This assessment is part of Pro"
          description="Pro opens the routine and resilience assessments, every playbook and more."
          action={
            <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
              See Pro
            </Link>
          }
        />
      );
    if (status === 400 || status === 404)
      return (
        <EmptyState
          icon={<IconCompass size={32} />}
          title={`We couldn't find that ${what}`}
          action={
            <Link to="/assessments" className={buttonClassName({ variant: 'secondary' })}>
              All assessments
            </Link>
          }
        />
      );
    return (
      <ErrorCard
        title={`Couldn't load the ${what}`}
        message="Your answers are safe. Check your connection and try again."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children()}</>;
}
