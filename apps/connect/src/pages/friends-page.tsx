import { useState } from 'react';
import type { FriendRelation, UserCard } from '@vere/contracts';
import { Link } from '@vere/web-router';
import { Button, EmptyState, IconMessage, IconUsers, TextField, buttonClassName, notify } from '@vere/web-ui';
import { useUnread } from '../features/chat/api/get-unread';
import { UnreadBadge } from '../features/chat/components/unread-badge';
import { useChatStream } from '../features/chat/hooks/use-chat-stream';
import { useAcceptFriendRequest } from '../features/social/api/accept-friend-request';
import { useBlockUser } from '../features/social/api/block-user';
import { useCancelFriendRequest } from '../features/social/api/cancel-friend-request';
import { useBlocks } from '../features/social/api/get-blocks';
import { useFriendRequests } from '../features/social/api/get-friend-requests';
import { useFriends } from '../features/social/api/get-friends';
import { useRemoveFriend } from '../features/social/api/remove-friend';
import { isSearchable, useUserSearch } from '../features/social/api/search-users';
import { useSendFriendRequest } from '../features/social/api/send-friend-request';
import { useUnblockUser } from '../features/social/api/unblock-user';
import { IncomingRequests } from '../features/social/components/incoming-requests';
import { ReportDialog } from '../features/social/components/report-dialog';
import { useDebounced } from '../features/social/hooks/use-debounced';
import { ConfirmDialog } from '../shared/components/confirm-dialog';
import { ListSkeleton, LoadError } from '../shared/components/load-error';
import { UserRow } from '../shared/components/user';
import { errorMessage } from '../shared/utils/error-message';
import { PageHeader } from './page-header';

type Target = { user: UserCard; action: 'block' | 'remove' | 'report' } | null;

export function FriendsPage() {
  const [target, setTarget] = useState<Target>(null);
  const block = useBlockUser();
  const remove = useRemoveFriend();
  const close = () => setTarget(null);
  const pending = target?.action === 'block' ? block : remove;
  // Unread badges follow new messages as they arrive.
  useChatStream();

  return (
    <div className="vui-page">
      <PageHeader back title="Friends" subtitle="Find people by username, and keep your circle close." />
      <div className="cn-grid">
        <div className="cn-column">
          <SearchSection onAct={setTarget} />
          <RequestsSection />
        </div>
        <div className="cn-column">
          <FriendsList onAct={setTarget} />
          <BlockedList />
        </div>
      </div>
      <ConfirmDialog
        open={target?.action === 'block' || target?.action === 'remove'}
        title={target?.action === 'block' ? `Block ${target.user.name}?` : `Remove ${target?.user.name ?? ''}?`}
        confirmLabel={target?.action === 'block' ? 'Block' : 'Remove Friend'}
        busy={pending.isPending}
        error={pending.error}
        onClose={() => {
          pending.reset();
          close();
        }}
        onConfirm={() => {
          if (!target) return;
          const { user, action } = target;
          pending.mutate(user.id, {
            onSuccess: () => {
              notify.success(
                action === 'block' ? `${user.name} is blocked.` : `${user.name} is no longer your friend.`,
              );
              close();
            },
          });
        }}
      >
        {target?.action === 'block' ? (
          <p>
            You won't find each other in search, friend requests between you end, and neither of you can join the
            other's pods. They aren't told. You can unblock them later.
          </p>
        ) : (
          <p>You can send a new request later.</p>
        )}
      </ConfirmDialog>
      {target?.action === 'report' ? (
        <ReportDialog open kind="user" targetId={target.user.id} subject={target.user.name} onClose={close} />
      ) : null}
    </div>
  );
}

function SearchSection({ onAct }: { onAct: (t: Target) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const valid = isSearchable(q);
  const search = useUserSearch(q);
  const users = search.data?.pages.flatMap((p) => p.users) ?? [];
  const invalid = text.trim() !== '' && !/^@?[A-Za-z0-9_]{0,20}$/.test(text.trim());

  let body = null;
  if (invalid) body = null;
  else if (!valid) body = <p className="cn-muted cn-small">Type the start of a username, like @ada.</p>;
  else if (search.isPending) body = <ListSkeleton label="Searching" rows={2} />;
  else if (search.isError)
    body = <LoadError title="Search failed" retrying={search.isFetching} onRetry={() => void search.refetch()} />;
  else if (users.length === 0)
    body = (
      <p className="cn-muted" role="status">
        No one with a username starting “{q.replace(/^@/, '')}”.
      </p>
    );
  else
    body = (
      <>
        <ul className="cn-users" aria-label="Search results">
          {users.map((u) => (
            <UserRow key={u.id} user={u}>
              <RelationButton user={u} relation={u.relation} />
              <MoreActions user={u} onAct={onAct} />
            </UserRow>
          ))}
        </ul>
        {search.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            Load More
          </Button>
        ) : null}
      </>
    );

  return (
    <section className="vui-section" aria-labelledby="cn-search">
      <h2 id="cn-search" className="vui-section__title">
        Find friends
      </h2>
      <TextField
        label="Search by username"
        type="search"
        placeholder="@username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={21}
        value={text}
        error={invalid ? 'Usernames use letters, digits and _ only.' : null}
        onChange={(e) => setText(e.target.value)}
      />
      <div aria-live="polite">{body}</div>
    </section>
  );
}

function RelationButton({ user, relation }: { user: UserCard; relation: FriendRelation }) {
  const send = useSendFriendRequest();
  const cancel = useCancelFriendRequest();
  const accept = useAcceptFriendRequest();
  const onError = (e: unknown) => notify.error(errorMessage(e));
  if (relation === 'friends') return <span className="cn-chip cn-chip--ok">Friends</span>;
  if (relation === 'outgoing')
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={cancel.isPending}
        aria-label={`Cancel request to ${user.name}`}
        onClick={() => cancel.mutate(user.id, { onError })}
      >
        Cancel Request
      </Button>
    );
  if (relation === 'incoming')
    return (
      <Button
        size="sm"
        loading={accept.isPending}
        aria-label={`Accept ${user.name}`}
        onClick={() => accept.mutate(user.id, { onError })}
      >
        Accept
      </Button>
    );
  return (
    <Button
      size="sm"
      loading={send.isPending}
      aria-label={`Add Friend: ${user.name}`}
      onClick={() =>
        send.mutate(user.id, {
          onSuccess: (r) =>
            notify.success(
              r.status === 'friends' ? `You and ${user.name} are now friends.` : `Request sent to ${user.name}.`,
            ),
          onError,
        })
      }
    >
      Add Friend
    </Button>
  );
}

function MoreActions({
  user,
  onAct,
  friend = false,
}: {
  user: UserCard;
  onAct: (t: Target) => void;
  friend?: boolean;
}) {
  return (
    <span className="cn-more">
      {friend ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove ${user.name}`}
          onClick={() => onAct({ user, action: 'remove' })}
        >
          Remove
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Block ${user.name}`}
        onClick={() => onAct({ user, action: 'block' })}
      >
        Block
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Report ${user.name}`}
        onClick={() => onAct({ user, action: 'report' })}
      >
        Report
      </Button>
    </span>
  );
}

function RequestsSection() {
  const { data, isPending, isError, isFetching, refetch } = useFriendRequests();
  const cancel = useCancelFriendRequest();
  if (isPending) return <ListSkeleton label="Loading friend requests" rows={1} />;
  if (isError)
    return <LoadError title="Couldn't load friend requests" retrying={isFetching} onRetry={() => void refetch()} />;
  if (data.incoming.length === 0 && data.outgoing.length === 0) return null;
  return (
    <section className="vui-section" aria-labelledby="cn-req">
      <h2 id="cn-req" className="vui-section__title">
        Requests
      </h2>
      {data.incoming.length > 0 ? <IncomingRequests incoming={data.incoming} /> : null}
      {data.outgoing.length > 0 ? (
        <>
          <h3 className="cn-subhead">Sent</h3>
          <ul className="cn-users" aria-label="Sent requests">
            {data.outgoing.map((u) => (
              <UserRow key={u.id} user={u} note={<span className="cn-muted cn-small">Pending</span>}>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={cancel.isPending && cancel.variables === u.id}
                  aria-label={`Cancel request to ${u.name}`}
                  onClick={() => cancel.mutate(u.id, { onError: (e) => notify.error(errorMessage(e)) })}
                >
                  Cancel
                </Button>
              </UserRow>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function FriendsList({ onAct }: { onAct: (t: Target) => void }) {
  const { data, isPending, isError, isFetching, refetch } = useFriends();
  const unread = useUnread();
  const unreadOf = (id: string) => unread.data?.friends.find((f) => f.userId === id)?.count ?? 0;
  let body;
  if (isPending) body = <ListSkeleton label="Loading your friends" />;
  else if (isError)
    body = <LoadError title="Couldn't load your friends" retrying={isFetching} onRetry={() => void refetch()} />;
  else if (data.friends.length === 0)
    body = (
      <EmptyState
        icon={<IconUsers size={32} />}
        title="No friends yet"
        description="Search for someone's username to send a request."
      />
    );
  else
    body = (
      <ul className="cn-users" aria-label="Your friends">
        {data.friends.map((f) => (
          <UserRow key={f.id} user={f}>
            <Link
              to={`/chat/${f.id}`}
              className={buttonClassName({ size: 'sm', variant: 'secondary', className: 'cn-message-link' })}
            >
              <IconMessage size={16} />
              Message<span className="vui-visually-hidden"> {f.name}</span>
              <UnreadBadge count={unreadOf(f.id)} />
            </Link>
            <MoreActions user={f} onAct={onAct} friend />
          </UserRow>
        ))}
      </ul>
    );
  return (
    <section className="vui-section" aria-labelledby="cn-list" data-testid="friends-list">
      <h2 id="cn-list" className="vui-section__title">
        Your friends{data && data.friends.length > 0 ? <span className="cn-count">{data.friends.length}</span> : null}
      </h2>
      {body}
    </section>
  );
}

function BlockedList() {
  const { data, isError, isFetching, refetch } = useBlocks();
  const unblock = useUnblockUser();
  if (isError)
    return <LoadError title="Couldn't load blocked users" retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data || data.users.length === 0) return null;
  return (
    <section className="vui-section" aria-labelledby="cn-blocked">
      <h2 id="cn-blocked" className="vui-section__title">
        Blocked
      </h2>
      <ul className="cn-users" aria-label="Blocked users">
        {data.users.map((u) => (
          <UserRow key={u.id} user={u}>
            <Button
              size="sm"
              variant="secondary"
              loading={unblock.isPending && unblock.variables === u.id}
              aria-label={`Unblock ${u.name}`}
              onClick={() =>
                unblock.mutate(u.id, {
                  onSuccess: () => notify.success(`${u.name} is unblocked.`),
                  onError: (e) => notify.error(errorMessage(e)),
                })
              }
            >
              Unblock
            </Button>
          </UserRow>
        ))}
      </ul>
    </section>
  );
}
