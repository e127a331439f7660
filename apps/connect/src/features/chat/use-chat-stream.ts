import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@vere/contracts';
import { useSession } from '@vere/web-session';
import { addMessage, chatKeys, chatTicket, markedRead } from './api';

/** Queries that show friends (the friends list, requests, search): a closed chat means a friendship ended. */
const FRIEND_QUERIES = [['pods', 'friends'], ['pods', 'search'], ['pods', 'blocks']] as const;

/** Waits before the n-th reconnect (0-based): 1 s, 2 s, 4 s … up to 30 s, with jitter so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1_000 * 2 ** attempt, 30_000);
  return Math.round(base / 2 + (random() * base) / 2);
}

export interface ChatStreamOptions {
  /** A message to or from the viewer, just stored. */
  onMessage?: (message: ChatMessage) => void;
  /** The stream (re)opened: messages sent while it was away are not replayed, so re-read what is shown. */
  onReconnect?: () => void;
}

/**
 * The viewer's chat stream (`GET /api/pods/chats/events`, server-sent events). EventSource cannot
 * send the bearer header, so each (re)connect first asks for a short-lived ticket; on an error the
 * stream is closed and reopened with a fresh ticket after a growing, jittered delay. Every message
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
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let opened = false;
    let stopped = false;

    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(connect, reconnectDelay(attempt++));
    };

    async function connect() {
      if (stopped) return;
      let ticket: string;
      try {
        ticket = (await chatTicket()).ticket;
      } catch {
        return retry();
      }
      if (stopped) return;
      const es = new EventSource(`/api/pods/chats/events?ticket=${encodeURIComponent(ticket)}`);
      source = es;
      es.onopen = () => {
        if (opened) latest.current.onReconnect?.();
        opened = true;
        attempt = 0;
      };
      // The ticket is single-use in spirit (60 s): let the browser's own retry not reuse it.
      es.onerror = () => retry();
      es.addEventListener('chat-message', (event) => {
        let message: ChatMessage;
        try {
          message = JSON.parse((event as MessageEvent<string>).data) as ChatMessage;
        } catch {
          return;
        }
        const friendId = message.senderId === viewer ? message.recipientId : message.senderId;
        addMessage(client, friendId, message);
        if (message.recipientId === viewer) void client.invalidateQueries({ queryKey: chatKeys.unread });
        latest.current.onMessage?.(message);
      });
      es.addEventListener('chat-read', (event) => {
        let read: { readerId: string; readAt: string };
        try {
          read = JSON.parse((event as MessageEvent<string>).data) as { readerId: string; readAt: string };
        } catch {
          return;
        }
        // The friend read the viewer's messages ("Seen"); or the viewer did, in another tab.
        if (read.readerId !== me) markedRead(client, read.readerId, me, read.readAt);
        else void client.invalidateQueries({ queryKey: chatKeys.unread });
      });
      es.addEventListener('chat-closed', (event) => {
        let friendId: string;
        try {
          friendId = (JSON.parse((event as MessageEvent<string>).data) as { friendId: string }).friendId;
        } catch {
          return;
        }
        void client.invalidateQueries({ queryKey: chatKeys.chat(friendId) });
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        for (const queryKey of FRIEND_QUERIES) void client.invalidateQueries({ queryKey });
      });
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client, viewer]);
}
