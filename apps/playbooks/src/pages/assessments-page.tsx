import { EmptyState, IconCompass } from '@vere/web-ui';

export function AssessmentsPage() {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Assessments</h1>
        <p className="vui-page-subtitle">Social assessments that show where you shine.</p>
      </header>
      <EmptyState
        icon={<IconCompass size={32} />}
        title="Assessments are coming soon"
        description="Quizzes, results and your dashboard land here."
      />
    </div>
  );
}
