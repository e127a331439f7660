import { Link } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import { EmptyState, IconUsers, buttonClassName } from '@vere/web-ui';
import { PodsSection } from '../features/pods/components/pods-section';
import { PageHeader } from './page-header';

export function ConnectHub() {
  const firstName = useSession((s) => s.user?.name.split(' ')[0] ?? 'you');
  return (
    <div className="vui-page">
      <PageHeader title="Connect" subtitle={`Friends and pods keep ${firstName} accountable. Challenges are better together.`} />
      <div className="cn-grid">
        <section className="vui-section" aria-labelledby="cn-friends">
          <div className="cn-section-head">
            <h2 id="cn-friends" className="vui-section__title">
              Friends
            </h2>
          </div>
          {/* No friends service yet: say what is coming rather than claim an empty list was loaded. */}
          <EmptyState
            icon={<IconUsers size={32} />}
            title="Friends are coming soon"
            description="Soon you'll add friends to cheer each other on and see who's doing this week's challenge."
            action={
              <Link to="/friends" className={buttonClassName({ variant: 'secondary' })}>
                Find Friends
              </Link>
            }
          />
        </section>
        <PodsSection />
      </div>
    </div>
  );
}
