import { useSession } from '@vere/web-session';
import { Avatar } from '@vere/web-ui';

export function UserBlock({ compact = false }: { compact?: boolean }) {
  const user = useSession((s) => s.user);
  const name = user?.name ?? 'User';
  return (
    <div className={compact ? 'shell-user shell-user--compact' : 'shell-user'} data-testid="user-block">
      <Avatar name={name} seed={user?.id} size="sm" />
      <div className="shell-user__text">
        <span className="shell-user__name">{name}</span>
        <span className="shell-user__plan">Free User</span>
      </div>
    </div>
  );
}
