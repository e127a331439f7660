import { Link } from '@vere/web-router';
import { EmptyState, ErrorCard, IconArrowLeft, IconSparkles, Skeleton } from '@vere/web-ui';
import { usePacks } from '../features/packs/api/get-packs';
import { PackCard } from '../features/packs/components/pack-card';

/** `/packs`: every challenge pack with its cover, count and the player's progress (issue 24). */
export function PacksPage() {
  const packs = usePacks();
  let body;
  if (packs.isPending) {
    body = (
      <div className="ch-packs" aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading packs
        </span>
        <Skeleton height="190px" radius="20px" />
        <Skeleton height="190px" radius="20px" />
      </div>
    );
  } else if (packs.isError) {
    body = (
      <ErrorCard
        title="Couldn't load the packs"
        message="Check your connection and try again."
        retrying={packs.isFetching}
        onRetry={() => void packs.refetch()}
      />
    );
  } else if (packs.data.packs.length === 0) {
    body = (
      <EmptyState
        icon={<IconSparkles size={32} />}
        title="No packs yet"
        headingLevel={2}
        description="Themed packs of quick dares will appear here."
      />
    );
  } else {
    body = (
      <div className="ch-packs">
        {packs.data.packs.map((p) => (
          <PackCard key={p.id} pack={p} />
        ))}
      </div>
    );
  }
  return (
    <div className="vui-page" data-testid="packs-page">
      <Link to="/" className="vui-back-link">
        <IconArrowLeft size={18} /> Back to Challenges
      </Link>
      <header className="vui-page-header">
        <h1 className="vui-page-title">Challenge Packs</h1>
        <p className="vui-page-subtitle">
          Themed collections of quick dares. Add one and its dares come first in your daily deck, within your usual
          swipes. Finish every dare for a badge and bonus XP.
        </p>
      </header>
      {body}
    </div>
  );
}
