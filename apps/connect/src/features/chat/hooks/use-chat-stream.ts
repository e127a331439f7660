import { useEffect, useRef } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { ChatMessage } from '@vere/contracts';
import { openLiveStream } from '@vere/web-kit';
import { useSession } from '@vere/web-session';
import { chatKeys, keys } from '../../../shared/utils/query-keys';
import { createStreamTicket } from '../api/create-stream-ticket';
import { addMessage, markedRead } from '../utils/chat-cache';

/** Queries that show friends (the friends list, requests, search, blocks): a closed chat means a friendship ended. */
const FRIEND_QUERIES = [keys.friends, keys.searches, keys.blocks] as const;

export interface ChatStreamOptions {
  /** A message to or from the viewer, just stored. */
  onMessage?: (message: ChatMessage) => void;
  /** The stream (re)opened: messages sent while it was away are not replayed, so re-read what is shown. */
  onReconnect?: () => void;
}

/**
 * The viewer's chat stream (`GET /api/pods/chats/events`, server-sent events). EventSource cannot
 * send the bearer header, so each (re)connect first asks for a short-lived ticket (web-kit's
 * openLiveStream: on an error the stream is reopened with a fresh ticket after a growing, jittered delay). Every message
 * goes into its chat's cache and refreshes the unread counts; `chat-closed` (a block or an unfriend,
 * either side) re-reads that chat, which then shows why it is closed; `chat-read` marks the viewer's
 * messages "Seen".
 */
export function useChatStream(options: ChatStreamOptions = {}): void {
  const client = useQueryClient();
  const viewer = useSession((s) => s.user?.id ?? null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!viewer || typeof EventSource === 'undefined') return;
    const me: string = viewer;
    let opened = false;
    const handle: Record<string, (data: unknown) => void> = {
      'chat-message': (data) => {
        const message = data as ChatMessage;
        const friendId = message.senderId === me ? message.recipientId : message.senderId;
        addMessage(client, friendId, message);
        if (message.recipientId === me) void client.invalidateQueries({ queryKey: chatKeys.unread });
        latest.current.onMessage?.(message);
      },
      'chat-read': (data) => {
        const read = data as { readerId: string; readAt: string };
        // The friend read the viewer's messages ("Seen"); or the viewer did, in another tab.
        if (read.readerId !== me) markedRead(client, read.readerId, me, read.readAt);
        else void client.invalidateQueries({ queryKey: chatKeys.unread });
      },
      'chat-closed': (data) => {
        const { friendId } = data as { friendId: string };
        void client.invalidateQueries({ queryKey: chatKeys.chat(friendId) });
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        for (const queryKey of FRIEND_QUERIES) void client.invalidateQueries({ queryKey });
      },
    };
    // The same reconnecting stream as the pod pages (web-kit): a fresh ticket per attempt, jittered back-off.
    const stream = openLiveStream({
      connectUrl: async () =>
        `/api/pods/chats/events?ticket=${encodeURIComponent((await createStreamTicket()).ticket)}`,
      events: Object.keys(handle),
      onMessage: (event, data) => handle[event]?.(data),
      onOpen: () => {
        if (opened) latest.current.onReconnect?.();
        opened = true;
      },
    });
    return () => stream.close();
  }, [client, viewer]);
}
