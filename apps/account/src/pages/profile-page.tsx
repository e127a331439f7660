import { useSession } from '@vere/web-session';
import { Avatar, Card } from '@vere/web-ui';
import { PlanStatus } from './plan-status';

const memberSince = (iso: string | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
};

export function ProfilePage() {
  const user = useSession((s) => s.user);
  const name = user?.name ?? 'User';
  const since = memberSince(user?.createdAt);
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Profile</h1>
      </header>
      <Card className="ac-profile" padding="lg">
        <Avatar name={name} seed={user?.id} size="xl" />
        <div className="ac-profile__text">
          <p className="ac-profile__name">{name}</p>
          <p className="ac-muted">{user?.username ? `@${user.username}` : 'No username yet'}</p>
          <p className="ac-muted">{user?.email}</p>
          {since ? <p className="ac-muted">Member since {since}</p> : null}
          <PlanStatus testId="profile-plan" />
        </div>
      </Card>
    </div>
  );
}
