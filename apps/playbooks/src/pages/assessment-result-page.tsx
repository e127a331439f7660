import { useEffect, useRef } from 'react';
import { Link, useParams } from '@vere/web-router';
import { IconArrowLeft, buttonClassName } from '@vere/web-ui';
import { useResult } from '../features/assessments/api/get-result';
import { AssessmentGate } from '../features/assessments/components/assessment-gate';
import { ResultView } from '../features/assessments/components/result-view';

const dateLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** /assessments/results/{resultId}: a chart per dimension, its table, and what each score means. */
export function AssessmentResultPage() {
  const { resultId = '' } = useParams();
  const result = useResult(resultId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [result.data?.id]);
  return (
    <div className="vui-page as-page">
      <Link to="/assessments" className="vui-back-link">
        <IconArrowLeft size={18} /> Assessments
      </Link>
      <AssessmentGate query={result} what="result">
        {() => {
          const r = result.data!;
          return (
            <article data-testid="assessment-result">
              <header className="vui-page-header">
                <p className="vui-eyebrow">Your results · {dateLabel(r.completedAt)}</p>
                <h1 className="vui-page-title" tabIndex={-1} ref={headingRef}>
                  {r.title}
                </h1>
                <p className="vui-page-subtitle">
                  Scores run from 0 to 100: under 40 is low, over 60 is high. Neither end is better; each is a way of
                  meeting the world.
                </p>
              </header>
              <ResultView dimensions={r.dimensions} caption={`${r.title}: your scores`} />
              <div className="as-actions">
                <Link to="/assessments/dashboard" className={buttonClassName()}>
                  Go to your dashboard
                </Link>
              </div>
            </article>
          );
        }}
      </AssessmentGate>
    </div>
  );
}
