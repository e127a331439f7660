import { Link } from '@vere/web-router';
import { ErrorCard, IconCrown, IconStar, Skeleton, buttonClassName } from '@vere/web-ui';
import { useAssessments } from '../features/assessments/api/get-assessments';
import { useRatingRequests } from '../features/assessments/api/get-rating-requests';
import { AssessmentCard } from '../features/assessments/components/assessment-card';

/** /assessments (every assessment) and /pro/assessments (the Pro ones). */
export function AssessmentsPage({ pro = false }: { pro?: boolean }) {
  const list = useAssessments();
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <p className="vui-eyebrow">{pro ? 'Pro' : 'Know yourself'}</p>
        <h1 className="vui-page-title">{pro ? 'Pro assessments' : 'Assessments'}</h1>
        <p className="vui-page-subtitle">
          {pro
            ? 'Deeper looks at your routines and how you bounce back.'
            : 'Short, honest questionnaires. See where you shine, then ask friends how they see you.'}
        </p>
      </header>
      <div className="as-actions">
        <Link to="/assessments/dashboard" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          <IconStar size={16} aria-hidden="true" /> Your dashboard
        </Link>
        {!pro && list.data?.isPro && (
          <Link to="/pro/assessments" className={buttonClassName({ variant: 'pro', size: 'sm' })}>
            <IconCrown size={16} aria-hidden="true" /> Pro assessments
          </Link>
        )}
      </div>
      {!pro && <RatingRequests />}
      {list.isPending ? (
        <div className="pb-grid" aria-busy="true">
          <span className="vui-visually-hidden" role="status">
            Loading assessments
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="120px" radius="20px" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorCard
          title="Couldn't load assessments"
          message="Your answers are safe. Check your connection and try again."
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <section aria-labelledby="as-list-title" className="pb-list">
          <h2 id="as-list-title" className="pb-list__title">
            {pro ? 'Included with Pro' : `${list.data.assessments.length} assessments`}
          </h2>
          <ul className="pb-grid" aria-labelledby="as-list-title" data-testid="assessments">
            {list.data.assessments
              .filter((a) => !pro || a.pro)
              .map((a) => (
                <AssessmentCard key={a.id} assessment={a} />
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Friends who asked the player to rate them (nothing when none). */
function RatingRequests() {
  const requests = useRatingRequests();
  const open = requests.data?.requests.filter((r) => r.ratedAt === null) ?? [];
  if (open.length === 0) return null;
  return (
    <section className="as-requests" aria-labelledby="as-requests-title" data-testid="rating-requests">
      <h2 id="as-requests-title" className="pb-list__title">
        Friends asked for your view
      </h2>
      <ul className="as-requests__list">
        {open.map((r) => (
          <li key={r.id}>
            <Link to={`/assessments/rate/${r.id}`} className={buttonClassName({ variant: 'secondary', block: true })}>
              Rate {r.friend.name} · {r.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
