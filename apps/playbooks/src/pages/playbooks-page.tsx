import { useEffect } from 'react';
import { useQueryClient } from '@vere/web-query';
import { Link } from '@vere/web-router';
import { useAppEvent } from '@vere/web-kit';
import { ENTITLEMENT_CHANGED_EVENT } from '@vere/web-session';
import { ErrorCard, IconCrown, IconStar, Skeleton, buttonClassName } from '@vere/web-ui';
import { playbooksQueryKey, usePlaybooks } from '../features/catalogue/api/get-playbooks';
import { PlaybookCard } from '../features/catalogue/components/playbook-card';
import { UPGRADE_PATH } from '../shared/utils/copy';

export function PlaybooksPage() {
  const playbooks = usePlaybooks();
  const client = useQueryClient();
  // A level-up or a plan change elsewhere on the page changes what is open.
  useAppEvent('xp-updated', () => void client.invalidateQueries({ queryKey: playbooksQueryKey }));
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: playbooksQueryKey });
    window.addEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
  }, [client]);

  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <p className="vui-eyebrow">Multi-week guides</p>
        <h1 className="vui-page-title">Playbooks</h1>
        <p className="vui-page-subtitle">Month-long guides with insights, quizzes, mini-challenges and reflections.</p>
        <p className="pb-list__more">
          <Link to="/assessments" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            <IconStar size={16} aria-hidden="true" /> Assessments: see where you shine
          </Link>
        </p>
      </header>
      {playbooks.isPending ? (
        <div className="pb-grid" aria-busy="true" data-testid="playbooks-loading">
          <span className="vui-visually-hidden" role="status">
            Loading playbooks
          </span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="132px" radius="20px" />
          ))}
        </div>
      ) : playbooks.isError ? (
        <ErrorCard
          title="Couldn't load playbooks"
          message="Your progress is safe. Check your connection and try again."
          retrying={playbooks.isFetching}
          onRetry={() => void playbooks.refetch()}
        />
      ) : (
        <section aria-labelledby="pb-list-title" className="pb-list" data-testid="playbooks">
          <div className="pb-list__head">
            <h2 id="pb-list-title" className="pb-list__title">
              {playbooks.data.playbooks.filter((p) => p.access === 'open').length} of {playbooks.data.playbooks.length}{' '}
              playbooks open
            </h2>
            {playbooks.data.isPro ? (
              <p className="pb-list__pro">
                <IconCrown size={16} aria-hidden="true" /> Pro: every playbook is open.
              </p>
            ) : (
              <Link to={UPGRADE_PATH} className={buttonClassName({ variant: 'pro', size: 'sm' })}>
                <IconCrown size={16} aria-hidden="true" /> Unlock all with Pro
              </Link>
            )}
          </div>
          <ul className="pb-grid" aria-label="Playbooks">
            {playbooks.data.playbooks.map((p) => (
              <PlaybookCard key={p.id} playbook={p} isPro={playbooks.data.isPro} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
