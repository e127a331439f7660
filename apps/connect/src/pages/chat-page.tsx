import { useEffect, useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { ChatMessage, UserCard } from '@vere/contracts';
import { Link, useParams } from '@vere/web-router';
import { isApiError, useSession } from '@vere/web-session';
import { Button, IconArrowLeft, Skeleton, notify } from '@vere/web-ui';
import { useChat } from '../features/chat/api/get-chat';
import { useMarkRead } from '../features/chat/api/mark-read';
import { useSendMessage } from '../features/chat/api/send-message';
import { ChatUnavailable } from '../features/chat/components/chat-unavailable';
import { Composer } from '../features/chat/components/composer';
import { MessageList } from '../features/chat/components/message-list';
import { useChatStream } from '../features/chat/hooks/use-chat-stream';
import { messagesOf, type ChatCache } from '../features/chat/utils/chat-cache';
import { sendErrorMessage, unavailableReason } from '../features/chat/utils/chat-errors';
import { useBlockUser } from '../features/social/api/block-user';
import { useBlocks } from '../features/social/api/get-blocks';
import { ReportDialog } from '../features/social/components/report-dialog';
import { ConfirmDialog } from '../shared/components/confirm-dialog';
import { LoadError } from '../shared/components/load-error';
import { UserAvatar } from '../shared/components/user';
import { chatKeys } from '../shared/utils/query-keys';

function BackToFriends() {
  return (
    <Link to="/friends" className="vui-back-link">
      <IconArrowLeft size={18} /> Friends
    </Link>
  );
}

/** /chat/{friendId}: the 1:1 chat with a friend, live both ways. */
export function ChatPage() {
  const { friendId = '' } = useParams();
  const chat = useChat(friendId);
  useChatStream({ onReconnect: () => void chat.refetch() });

  if (chat.isPending) {
    return (
      <div className="vui-page cn-chat-page" aria-busy="true">
        <BackToFriends />
        <div className="cn-chat__head">
          <Skeleton width="48px" height="48px" />
          <Skeleton width="160px" height="1.5rem" />
        </div>
        <span className="vui-visually-hidden" role="status">
          Loading the chat
        </span>
      </div>
    );
  }
  if (chat.isError) {
    const reason = unavailableReason(chat.error);
    return (
      <div className="vui-page cn-chat-page">
        <BackToFriends />
        <h1 className="vui-page-title">Chat</h1>
        {reason === 'blocked' ? (
          <BlockedChat friendId={friendId} />
        ) : reason ? (
          <ChatUnavailable reason={reason} />
        ) : (
          <LoadError title="Couldn't load this chat" retrying={chat.isFetching} onRetry={() => void chat.refetch()} />
        )}
      </div>
    );
  }
  const friend = chat.data.pages[0]?.friend;
  if (!friend) return null;
  return <ChatView friend={friend} chat={chat} />;
}

function BlockedChat({ friendId }: { friendId: string }) {
  const blocks = useBlocks();
  const name = blocks.data?.users.find((u) => u.id === friendId)?.name;
  return <ChatUnavailable reason="blocked" name={name} />;
}

function ChatView({ friend, chat }: { friend: UserCard; chat: ReturnType<typeof useChat> }) {
  const viewer = useSession((s) => s.user?.id ?? '');
  const client = useQueryClient();
  const send = useSendMessage(friend.id);
  const markRead = useMarkRead(friend.id);
  const block = useBlockUser();
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [blocking, setBlocking] = useState(false);
  const messages = messagesOf(chat.data as ChatCache | undefined);

  // Read while the page is in view: now, and whenever a new message of theirs arrives or the tab comes back.
  const unreadFromFriend = messages.filter((m) => m.senderId === friend.id && !m.readAt);
  const newestUnread = unreadFromFriend[unreadFromFriend.length - 1]?.id;
  useEffect(() => {
    if (!newestUnread) return;
    const read = () => {
      if (document.visibilityState === 'visible' && !markRead.isPending) markRead.mutate();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [newestUnread]);

  const onSend = async (text: string) => {
    try {
      await send.mutateAsync(text);
      return true;
    } catch (error) {
      // No longer friends (unfriended, blocked): the page turns into the clear message. Other
      // failures (the rate limit with the server's words) show under the composer.
      if (unavailableReason(error) && !(isApiError(error) && error.code === 'VALIDATION_FAILED')) void chat.refetch();
      return false;
    }
  };

  const hide = (message: ChatMessage) =>
    client.setQueryData<ChatCache>(
      chatKeys.chat(friend.id),
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== message.id) })),
        },
    );

  return (
    <div className="vui-page cn-chat-page">
      <BackToFriends />
      <header className="cn-chat__head">
        <UserAvatar user={friend} size="md" />
        <div className="cn-chat__who">
          <h1 className="cn-chat__name">{friend.name}</h1>
          {friend.username ? <p className="cn-muted cn-small">@{friend.username}</p> : null}
        </div>
        <Button size="sm" variant="ghost" aria-label={`Block ${friend.name}`} onClick={() => setBlocking(true)}>
          Block
        </Button>
      </header>
      <section className="cn-chat" aria-label={`Chat with ${friend.name}`}>
        <MessageList
          messages={messages}
          viewerId={viewer}
          friendName={friend.name}
          hasOlder={chat.hasNextPage}
          loadingOlder={chat.isFetchingNextPage}
          onLoadOlder={() => void chat.fetchNextPage()}
          onReport={setReporting}
        />
        <Composer
          friendName={friend.name}
          sending={send.isPending}
          error={send.isError ? sendErrorMessage(send.error) : null}
          onSend={onSend}
        />
      </section>
      {reporting ? (
        <ReportDialog
          open
          kind="chat_message"
          targetId={reporting.id}
          subject="this message"
          onClose={() => setReporting(null)}
          onReported={() => hide(reporting)}
        />
      ) : null}
      <ConfirmDialog
        open={blocking}
        title={`Block ${friend.name}?`}
        confirmLabel="Block"
        busy={block.isPending}
        error={block.error}
        onClose={() => {
          block.reset();
          setBlocking(false);
        }}
        onConfirm={() =>
          block.mutate(friend.id, {
            onSuccess: () => {
              notify.success(`${friend.name} is blocked.`);
              setBlocking(false);
              void chat.refetch();
              void client.invalidateQueries({ queryKey: chatKeys.unread });
            },
          })
        }
      >
        <p>
          Your chat is hidden for both of you and neither of you can send messages. You also stop being friends. They
          aren't told.
        </p>
      </ConfirmDialog>
    </div>
  );
}
