import { Link } from '@vere/web-router';
import { EmptyState, IconBook, IconLock, buttonClassName } from '@vere/web-ui';

/** Spec: levels 3, 7, 12, 18, 25, 35 and 50 each unlock a playbook. */
const UNLOCK_LEVELS = [3, 7, 12];

export function PlaybooksPage() {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <p className="vui-eyebrow">Multi-week guides</p>
        <h1 className="vui-page-title">Playbooks</h1>
        <p className="vui-page-subtitle">Action-based courses with mini-challenges, quizzes and insights.</p>
      </header>
      <EmptyState
        icon={<IconBook size={32} />}
        title="Playbooks are coming soon"
        description="We're writing the first guides now. Level up in the meantime: new playbooks unlock as you climb."
        action={
          <Link to="/assessments" className={buttonClassName({ variant: 'secondary' })}>
            Explore Assessments
          </Link>
        }
      />
      <ul className="pb-locked" aria-label="Upcoming unlocks">
        {UNLOCK_LEVELS.map((level) => (
          <li key={level} className="pb-locked__item">
            <span className="pb-locked__icon" aria-hidden="true">
              <IconLock size={20} />
            </span>
            <span>
              <strong>Mystery playbook</strong>
              <span className="pb-locked__hint">Unlocks at Level {level}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
