import { Link, useParams } from '@vere/web-router';
import { IconArrowLeft, IconClock, IconCrown, buttonClassName } from '@vere/web-ui';
import { useAssessment } from '../features/assessments/api/get-assessment';
import { AssessmentGate } from '../features/assessments/components/assessment-gate';

/** /assessments/{id} and /pro/assessments/{id}: what it measures and how long it takes. */
export function AssessmentIntroPage({ pro = false }: { pro?: boolean }) {
  const { id = '' } = useParams();
  const assessment = useAssessment(id);
  return (
    <div className="vui-page as-page">
      <Link to={pro ? '/pro/assessments' : '/assessments'} className="vui-back-link">
        <IconArrowLeft size={18} /> {pro ? 'Pro assessments' : 'Assessments'}
      </Link>
      <AssessmentGate query={assessment} what="assessment">
        {() => {
          const a = assessment.data!;
          const resuming = a.state === 'in_progress';
          return (
            <article className="as-intro">
              <header className="vui-page-header">
                {a.pro && (
                  <p className="vui-eyebrow">
                    <IconCrown size={14} aria-hidden="true" /> Pro
                  </p>
                )}
                <h1 className="vui-page-title">{a.title}</h1>
                <p className="vui-page-subtitle">{a.summary}</p>
              </header>
              <p className="as-meta">
                <IconClock size={16} aria-hidden="true" /> About {a.minutes} minutes · {a.itemCount} statements
              </p>
              <p>{a.description}</p>
              <h2 className="as-h2">What it measures</h2>
              <ul className="as-dimensions">
                {a.dimensions.map((d) => (
                  <li key={d.key}>
                    <strong>{d.name}</strong>: {d.description}
                  </li>
                ))}
              </ul>
              <div className="as-actions">
                <Link to={`/assessments/${a.id}/questions`} className={buttonClassName({ size: 'lg' })}>
                  {resuming
                    ? `Continue (${a.answered} of ${a.itemCount})`
                    : a.state === 'completed'
                      ? 'Take it again'
                      : 'Start'}
                </Link>
                {a.latestResultId && (
                  <Link
                    to={`/assessments/results/${a.latestResultId}`}
                    className={buttonClassName({ variant: 'secondary' })}
                  >
                    Your last result
                  </Link>
                )}
              </div>
              <p className="as-source">{a.source}</p>
            </article>
          );
        }}
      </AssessmentGate>
    </div>
  );
}
