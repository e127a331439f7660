import { useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import { Link, useParams } from '@vere/web-router';
import { EmptyState, IconArrowLeft, IconCheck, buttonClassName } from '@vere/web-ui';
import { ratingRequestsQueryKey, useRatingRequest } from '../features/assessments/api/get-rating-requests';
import { submitRating } from '../features/assessments/api/submit-rating';
import { AssessmentGate } from '../features/assessments/components/assessment-gate';
import { QuestionFlow } from '../features/assessments/components/question-flow';

/** /assessments/rate/{requestId}: a friend asked for your view; the same statements, about them. */
export function RateFriendPage() {
  const { requestId = '' } = useParams();
  const request = useRatingRequest(requestId);
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  return (
    <div className="vui-page as-page">
      <Link to="/assessments" className="vui-back-link">
        <IconArrowLeft size={18} /> Assessments
      </Link>
      <AssessmentGate query={request} what="rating request">
        {() => {
          const r = request.data!;
          if (done || r.ratedAt)
            return (
              <EmptyState
                icon={<IconCheck size={32} />}
                title={`Thanks — your view of ${r.friend.name} is in`}
                description={`${r.friend.name} sees only the average of at least three friends' ratings, never yours alone or your name.`}
                headingLevel={1}
                action={
                  <Link to="/assessments" className={buttonClassName()}>
                    Back to assessments
                  </Link>
                }
              />
            );
          return (
            <>
              <header className="vui-page-header">
                <p className="vui-eyebrow">{r.title}</p>
                <h1 className="vui-page-title">How do you see {r.friend.name}?</h1>
                <p className="vui-page-subtitle">
                  Answer for {r.friend.name} as they generally are. They will only see averages over three or more
                  friends, never who said what.
                </p>
              </header>
              <QuestionFlow
                items={r.items}
                initial={{}}
                prompt={`How accurately does this describe ${r.friend.name}?`}
                onFinish={async (answers) => {
                  await submitRating(r.id, answers);
                  await client.invalidateQueries({ queryKey: ratingRequestsQueryKey });
                  setDone(true);
                }}
                finishLabel="Send my view"
              />
            </>
          );
        }}
      </AssessmentGate>
    </div>
  );
}
