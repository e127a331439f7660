import type { WeeklyFriend } from '@vere/contracts';
import { Avatar } from '@vere/web-ui';
import { useWeeklyFriends } from '../api/get-weekly-friends';
import { FRIENDS_AVATARS_SHOWN, friendsLine } from '../utils/weekly-logic';

/**
 * "Friends doing this" (spec §2.1): up to 5 avatars, "+N" for the rest, and the line. Hidden while
 * loading, when no friend accepted, and when the read fails (spec §7.4).
 */
export function FriendsDoingThis({ weeklyId }: { weeklyId: string }) {
  const { data } = useWeeklyFriends(weeklyId);
  if (!data || data.total === 0 || data.friends.length === 0) return null;
  return <FriendsRow friends={data.friends} total={data.total} />;
}

export function FriendsRow({ friends, total }: { friends: WeeklyFriend[]; total: number }) {
  const shown = friends.slice(0, FRIENDS_AVATARS_SHOWN);
  const more = Math.max(0, total - shown.length);
  const line = friendsLine(total);
  return (
    <div className="ch-friends" data-testid="friends-doing-this">
      <ul
        className="ch-friends__avatars"
        aria-label={`${line}: ${shown.map((f) => f.name).join(', ')}${more ? ` and ${more} more` : ''}`}
      >
        {shown.map((f) => (
          <li key={f.id} className="ch-friends__avatar" data-testid="friend-avatar">
            <Avatar name={f.name} seed={f.id} size="sm" photoUrl={f.photoUrl} config={f.avatarConfig} label={f.name} />
          </li>
        ))}
        {more ? (
          <li className="ch-friends__more" aria-hidden="true">
            +{more}
          </li>
        ) : null}
      </ul>
      <p className="ch-friends__text" aria-hidden="true">
        {line}
      </p>
    </div>
  );
}
