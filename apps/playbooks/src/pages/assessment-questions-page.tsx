import { useQueryClient } from '@vere/web-query';
import { Link, useNavigate, useParams } from '@vere/web-router';
import { IconArrowLeft } from '@vere/web-ui';
import { assessmentsQueryKey } from '../features/assessments/api/get-assessments';
import { useAssessment } from '../features/assessments/api/get-assessment';
import { saveAnswers } from '../features/assessments/api/save-answers';
import { submitAssessment } from '../features/assessments/api/submit-assessment';
import { resultQueryKey } from '../features/assessments/api/get-result';
import { AssessmentGate } from '../features/assessments/components/assessment-gate';
import { introPath } from '../features/assessments/components/assessment-card';
import { QuestionFlow } from '../features/assessments/components/question-flow';

/** /assessments/{id}/questions: one statement per screen; every answer is saved, so leaving and coming back resumes. */
export function AssessmentQuestionsPage() {
  const { id = '' } = useParams();
  const assessment = useAssessment(id);
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className="vui-page as-page">
      <Link to={assessment.data ? introPath(assessment.data) : '/assessments'} className="vui-back-link">
        <IconArrowLeft size={18} /> {assessment.data?.title ?? 'Assessment'}
      </Link>
      <AssessmentGate query={assessment} what="assessment">
        {() => {
          const a = assessment.data!;
          return (
            <>
              <h1 className="vui-visually-hidden">{a.title}: questions</h1>
              <QuestionFlow
                key={a.id}
                items={a.items}
                initial={a.answers}
                prompt="How accurately does this describe you?"
                onAnswer={async (itemId, value) => {
                  await saveAnswers(a.id, { [itemId]: value });
                }}
                onFinish={async (answers) => {
                  const result = await submitAssessment(a.id, answers);
                  client.setQueryData(resultQueryKey(result.id), result);
                  await client.invalidateQueries({ queryKey: assessmentsQueryKey });
                  navigate(`/assessments/results/${result.id}`);
                }}
                finishLabel="See my results"
              />
            </>
          );
        }}
      </AssessmentGate>
    </div>
  );
}
