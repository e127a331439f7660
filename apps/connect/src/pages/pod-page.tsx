import { Link, useParams } from '@vere/web-router';
import { EmptyState, IconCompass, IconUsers, Skeleton, buttonClassName } from '@vere/web-ui';
import { useMyPods } from '../features/pods/api/get-my-pods';
import { PodsError } from '../features/pods/components/pods-error';
import { PodMeta } from '../features/pods/components/pod-meta';
import { PageHeader } from './page-header';

/** A pod the user is in, read from their pods list (the service has no single-pod read yet). */
export function PodPage() {
  const { podId = '' } = useParams();
  const { data, isPending, isError, isFetching, refetch } = useMyPods();

  if (isPending) {
    return (
      <div className="vui-page" aria-busy="true">
        <PageHeader back title={<Skeleton width="200px" height="2rem" />} subtitle={<Skeleton width="160px" height="1rem" />} />
        <span className="vui-visually-hidden" role="status">
          Loading the pod
        </span>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="vui-page">
        <PageHeader back title="Pod" />
        <PodsError title="Couldn't load this pod" retrying={isFetching} onRetry={() => void refetch()} />
      </div>
    );
  }

  const pod = data.pods.find((p) => p.id === podId);
  if (!pod) {
    return (
      <div className="vui-page">
        <PageHeader back title="Pod" />
        <EmptyState
          icon={<IconCompass size={32} />}
          title="Pod not found"
          description="This pod doesn't exist or you're not a member of it."
          action={
            <Link to="/connect" className={buttonClassName()}>
              Back to Connect
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="vui-page">
      <PageHeader
        back
        title={pod.name}
        subtitle={<PodMeta pod={pod} />}
      />
      <EmptyState
        icon={<IconUsers size={32} />}
        title="The pod log is coming soon"
        description="Members' weekly completions will show up here once pod logs go live."
      />
    </div>
  );
}
