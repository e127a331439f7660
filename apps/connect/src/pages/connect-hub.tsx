import { Link } from 'react-router-dom';
import { useSession } from '@vere/web-session';
import { EmptyState, IconPlus, IconUsers, buttonClassName } from '@vere/web-ui';
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
            <Link to="/friends" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              See all
            </Link>
          </div>
          <EmptyState
            icon={<IconUsers size={32} />}
            title="No friends yet"
            description="Add friends to cheer each other on and see who's doing this week's challenge."
            action={
              <Link to="/friends" className={buttonClassName({ variant: 'secondary' })}>
                Find Friends
              </Link>
            }
          />
        </section>
        <section className="vui-section" aria-labelledby="cn-pods">
          <div className="cn-section-head">
            <h2 id="cn-pods" className="vui-section__title">
              Pods
            </h2>
          </div>
          <EmptyState
            icon={<IconPlus size={32} />}
            title="No pods yet"
            description="A pod is your crew: share weekly wins, keep a pod streak and push each other."
            action={
              <Link to="/create-pod" className={buttonClassName()}>
                <IconPlus size={18} />
                Create Pod
              </Link>
            }
          />
        </section>
      </div>
    </div>
  );
}
