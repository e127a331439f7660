import { Link } from '@vere/web-router';
import { EmptyState, IconArrowLeft, IconCalendar } from '@vere/web-ui';

export function WeeklyPage() {
  return (
    <div className="vui-page">
      <Link to="/" className="vui-back-link">
        <IconArrowLeft size={18} /> All challenges
      </Link>
      <header className="vui-page-header" data-tour="weekly-title">
        <p className="vui-eyebrow">This week</p>
        <h1 className="vui-page-title">Weekly Challenge</h1>
        <p className="vui-page-subtitle">One challenge, seven days, +120 XP.</p>
      </header>
      <EmptyState
        icon={<IconCalendar size={32} />}
        title="This week's challenge drops soon"
        description="When it goes live you'll see it here, with proof, pod sharing and your weekly streak."
      />
    </div>
  );
}
