import { useMyPods } from '@vere/web-kit';
import { EmptyState, IconPlus, Skeleton } from '@vere/web-ui';
import { LoadError } from '../../../shared/components/load-error';
import { AllowanceNote } from './allowance-note';
import { PodCard } from './pod-card';

/** The Connect hub's Pods section, read from the pods service. */
export function PodsSection() {
  const { data, isPending, isError, isFetching, refetch } = useMyPods();

  let body;
  if (isPending) {
    body = <PodsSkeleton />;
  } else if (isError) {
    body = (
      <LoadError
        title="Couldn't load your pods"
        hint="Your pods are safe. Check your connection and try again."
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.pods.length === 0) {
    body = (
      <EmptyState
        icon={<IconPlus size={32} />}
        title="No pods yet"
        description="A pod is your crew: share weekly wins, keep a pod streak and push each other. Create one, or join a friend's with an invite code."
      />
    );
  } else {
    body = (
      <ul className="cn-pods" aria-label="Your pods">
        {data.pods.map((pod) => (
          <li key={pod.id}>
            <PodCard pod={pod} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="vui-section" aria-labelledby="cn-pods" data-testid="pods-section">
      <div className="cn-section-head">
        <h2 id="cn-pods" className="vui-section__title">
          Pods
        </h2>
      </div>
      {body}
      <AllowanceNote />
    </section>
  );
}

function PodsSkeleton() {
  return (
    <div className="cn-pods" aria-busy="true">
      <span className="vui-visually-hidden" role="status">
        Loading your pods
      </span>
      {[0, 1].map((i) => (
        <div key={i} className="cn-pod cn-pod--skeleton">
          <span className="cn-pod__body">
            <Skeleton width="55%" height="20px" />
            <span className="cn-pod__meta">
              <Skeleton width="92px" height="24px" radius="999px" />
              <Skeleton width="120px" height="24px" radius="999px" />
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}
