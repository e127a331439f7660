import { Link } from '@vere/web-router';
import { EmptyState, ErrorCard, IconArrowLeft, IconStar, Skeleton, buttonClassName } from '@vere/web-ui';
import { useDashboard } from '../features/assessments/api/get-dashboard';
import { History } from '../features/assessments/components/charts';
import { FriendsView } from '../features/assessments/components/friends-view';
import { ResultView } from '../features/assessments/components/result-view';

const dateLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** /assessments/dashboard: every result over time, the change since the last take, and friends' view. */
export function AssessmentDashboardPage() {
  const dashboard = useDashboard();
  return (
    <div className="vui-page as-page">
      <Link to="/assessments" className="vui-back-link">
        <IconArrowLeft size={18} /> Assessments
      </Link>
      <header className="vui-page-header">
        <p className="vui-eyebrow">Over time</p>
        <h1 className="vui-page-title">Your dashboard</h1>
        <p className="vui-page-subtitle">Every result you have, and how it moved since your last take.</p>
      </header>
      {dashboard.isPending ? (
        <div aria-busy="true" className="as-loading">
          <span className="vui-visually-hidden" role="status">
            Loading your dashboard
          </span>
          <Skeleton height="260px" radius="20px" />
        </div>
      ) : dashboard.isError ? (
        <ErrorCard
          title="Couldn't load your dashboard"
          message="Your results are safe. Check your connection and try again."
          retrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
        />
      ) : dashboard.data.assessments.length === 0 ? (
        <EmptyState
          icon={<IconStar size={32} />}
          title="No results yet"
          description="Take your first assessment; your scores will show up here, and how they change over time."
          action={
            <Link to="/assessments" className={buttonClassName()}>
              Choose an assessment
            </Link>
          }
        />
      ) : (
        <div className="as-dashboard">
          {dashboard.data.assessments.map((a) => (
            <section key={a.id} className="as-panel" aria-labelledby={`dash-${a.id}`} data-testid={`dashboard-${a.id}`}>
              <h2 id={`dash-${a.id}`} className="as-h2">
                {a.title}
              </h2>
              <p className="as-muted">
                {a.takes.length === 1 ? 'Taken once' : `Taken ${a.takes.length} times`} · latest{' '}
                {dateLabel(a.latest.completedAt)}
              </p>
              <ResultView dimensions={a.latest.dimensions} caption={`${a.title}: your latest scores`} />
              {a.takes.length > 1 && (
                <figure className="as-figure">
                  <History
                    takes={a.takes.map((t) => ({ label: dateLabel(t.completedAt), scores: t.scores }))}
                    dimensions={a.latest.dimensions}
                  />
                  <table className="as-table">
                    <caption>{a.title}: every take</caption>
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        {a.latest.dimensions.map((d) => (
                          <th key={d.key} scope="col">
                            {d.name}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {a.takes.map((t) => (
                        <tr key={t.resultId}>
                          <th scope="row">
                            <Link to={`/assessments/results/${t.resultId}`}>{dateLabel(t.completedAt)}</Link>
                          </th>
                          {a.latest.dimensions.map((d) => (
                            <td key={d.key}>{t.scores[d.key]}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </figure>
              )}
              {a.friends && <FriendsView assessmentId={a.id} view={a.friends} />}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
