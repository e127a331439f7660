import { useState } from 'react';
import { Link, useNavigate } from '@vere/web-router';
import { Button, EmptyState, IconPlus, IconUsers, TextField, buttonClassName } from '@vere/web-ui';
import { useUnread } from '../features/chat/api/get-unread';
import { UnreadBadge } from '../features/chat/components/unread-badge';
import { useChatStream } from '../features/chat/hooks/use-chat-stream';
import { HubNudges } from '../features/pods/components/nudge';
import { PodsSection } from '../features/pods/components/pods-section';
import { useFriendRequests } from '../features/social/api/get-friend-requests';
import { useFriends } from '../features/social/api/get-friends';
import { IncomingRequests } from '../features/social/components/incoming-requests';
import { ListSkeleton, LoadError } from '../shared/components/load-error';
import { UserAvatar } from '../shared/components/user';
import { PageHeader } from './page-header';

/** An invite link or its bare code → the code (what /join/{code} takes). */
export function inviteCodeFrom(input: string): string | null {
  const text = input.trim();
  const match = /^(?:.*\/join\/)?([A-Za-z0-9_-]{16,64})\/?$/.exec(text);
  return match ? match[1]! : null;
}

export function ConnectHub() {
  // Unread badges follow new messages as they arrive.
  useChatStream();
  return (
    <div className="vui-page">
      <PageHeader title="Connect" subtitle="Friends and pods keep you accountable. Challenges are better together." />
      <HubNudges />
      <div className="cn-grid">
        <div className="cn-column">
          <RequestsSection />
          <FriendsSummary />
        </div>
        <div className="cn-column">
          <PodsSection />
          <section className="vui-section" aria-labelledby="cn-join">
            <h2 id="cn-join" className="vui-visually-hidden">
              Join a pod
            </h2>
            <JoinByCode />
          </section>
        </div>
      </div>
    </div>
  );
}

function FriendsSummary() {
  const { data, isPending, isError, isFetching, refetch } = useFriends();
  const unread = useUnread();
  let body;
  if (isPending) body = <ListSkeleton label="Loading your friends" rows={1} />;
  else if (isError)
    body = <LoadError title="Couldn't load your friends" retrying={isFetching} onRetry={() => void refetch()} />;
  else if (data.friends.length === 0)
    body = (
      <EmptyState
        icon={<IconUsers size={32} />}
        title="No friends yet"
        description="Find people by username and cheer each other on."
        action={
          <Link to="/friends" className={buttonClassName({ variant: 'secondary' })}>
            Find Friends
          </Link>
        }
      />
    );
  else
    body = (
      <Link to="/friends" className="cn-pod cn-friends-summary">
        <span className="cn-faces" aria-hidden="true">
          {data.friends.slice(0, 5).map((f) => (
            <UserAvatar key={f.id} user={f} />
          ))}
        </span>
        <span className="cn-pod__body">
          <span className="cn-pod__name">
            {data.friends.length === 1 ? '1 friend' : `${data.friends.length} friends`}
          </span>
          <span className="cn-muted cn-small">
            {data.friends
              .slice(0, 3)
              .map((f) => f.name)
              .join(', ')}
          </span>
        </span>
      </Link>
    );
  const withUnread = data
    ? (unread.data?.friends ?? []).flatMap((u) => {
        const friend = data.friends.find((f) => f.id === u.userId);
        return friend ? [{ friend, count: u.count }] : [];
      })
    : [];
  return (
    <section className="vui-section" aria-labelledby="cn-friends" data-testid="friends-section">
      <div className="cn-section-head">
        <h2 id="cn-friends" className="vui-section__title">
          Friends <UnreadBadge count={unread.data?.total ?? 0} />
        </h2>
        <Link to="/friends" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          Find Friends
        </Link>
      </div>
      {body}
      {withUnread.length > 0 ? (
        <ul className="cn-users cn-unread-list" aria-label="New messages">
          {withUnread.map(({ friend, count }) => (
            <li key={friend.id}>
              <Link to={`/chat/${friend.id}`} className="cn-user cn-user--link">
                <UserAvatar user={friend} />
                <span className="cn-user__body">
                  <span className="cn-user__name">{friend.name}</span>
                  <span className="cn-muted cn-small">{count === 1 ? 'New message' : `${count} new messages`}</span>
                </span>
                <UnreadBadge count={count} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RequestsSection() {
  const { data, isError, isFetching, refetch } = useFriendRequests();
  if (isError)
    return <LoadError title="Couldn't load friend requests" retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data || data.incoming.length === 0) return null;
  return (
    <section className="vui-section" aria-labelledby="cn-requests" data-testid="requests-section">
      <h2 id="cn-requests" className="vui-section__title">
        Friend requests <span className="cn-count">{data.incoming.length}</span>
      </h2>
      <IncomingRequests incoming={data.incoming} />
    </section>
  );
}

function JoinByCode() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="cn-join-form"
      onSubmit={(event) => {
        event.preventDefault();
        const code = inviteCodeFrom(value);
        if (!code) return setError('Paste an invite link or its code (16 or more letters and digits).');
        void navigate(`/join/${encodeURIComponent(code)}`);
      }}
    >
      <TextField
        label="Join by code"
        placeholder="Invite link or code"
        value={value}
        error={error}
        autoComplete="off"
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary" icon={<IconPlus size={18} />}>
        Join Pod
      </Button>
    </form>
  );
}
