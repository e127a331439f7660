import type { ReactNode } from 'react';
import type { UserCard } from '@vere/contracts';
import { Avatar, IconStar } from '@vere/web-ui';

type Person = Pick<UserCard, 'id' | 'name' | 'photoUrl' | 'avatarConfig'>;

/** A user's avatar: their photo, else their drawn avatar, else their initial (the one fallback everywhere, web-ui's Avatar). */
export function UserAvatar({ user, size = 'sm' }: { user: Person; size?: 'sm' | 'md' | 'lg' }) {
  return <Avatar name={user.name} seed={user.id} size={size} photoUrl={user.photoUrl} config={user.avatarConfig} />;
}

export function LevelChip({ level }: { level: number }) {
  return (
    <span className="cn-chip cn-chip--level">
      <IconStar size={12} />
      Level {level}
    </span>
  );
}

/** One person in a list: avatar, name, @username, level, and the actions on the right. */
export function UserRow({ user, children, note }: { user: UserCard; children?: ReactNode; note?: ReactNode }) {
  return (
    <li className="cn-user" data-testid="user-row" data-username={user.username ?? undefined}>
      <UserAvatar user={user} />
      <span className="cn-user__body">
        <span className="cn-user__name">{user.name}</span>
        <span className="cn-user__meta">
          {user.username ? <span className="cn-user__handle">@{user.username}</span> : null}
          <LevelChip level={user.level} />
          {note}
        </span>
      </span>
      {children ? <span className="cn-user__actions">{children}</span> : null}
    </li>
  );
}
