import { QueryClient, QueryClientProvider } from '@vere/web-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { WeeklyFriend, WeeklyFriends } from '@vere/contracts';
import { describe, expect, it } from 'vitest';
import { weeklyFriendsQueryKey } from '../api/get-weekly-friends';
import { FriendsDoingThis } from './friends-doing-this';

const friend = (i: number): WeeklyFriend => ({
  id: `00000000-0000-4000-8000-00000000000${i.toString(16)}`,
  name: `Friend ${i}`,
  username: `f${i}`,
  photoUrl: null,
  avatarConfig: null,
});

function render(data?: WeeklyFriends) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  if (data) client.setQueryData(weeklyFriendsQueryKey('w1'), data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FriendsDoingThis weeklyId="w1" />
    </QueryClientProvider>,
  );
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('FriendsDoingThis', () => {
  it('shows nothing while loading or when no friend accepted', () => {
    expect(render()).toBe('');
    expect(render({ friends: [], total: 0 })).toBe('');
  });

  it('shows up to 5 avatars, "+N" for the rest of everyone who accepted, and names them for screen readers', () => {
    const friends = Array.from({ length: 12 }, (_, i) => friend(i + 1));
    const html = render({ friends, total: 14 });
    expect(count(html, 'data-testid="friend-avatar"')).toBe(5);
    expect(html).toContain('+9');
    expect(html).toContain('14 friends are doing this');
    expect(html).toContain(
      'aria-label="14 friends are doing this: Friend 1, Friend 2, Friend 3, Friend 4, Friend 5 and 9 more"',
    );
    expect(html).toContain('role="img" aria-label="Friend 3"');
    expect(html).not.toContain('Friend 6');
  });

  it('has no "+N" when every friend is shown, and says one friend in the singular', () => {
    const html = render({ friends: [friend(1)], total: 1 });
    expect(count(html, 'data-testid="friend-avatar"')).toBe(1);
    expect(html).not.toMatch(/>\+\d/);
    expect(html).toContain('1 friend is doing this');
  });
});
