import { useEffect, useRef } from 'react';
import { apiFetch, isApiError } from '@vere/web-session';
import { dispatchAppEvent } from '../app-events';
import { openLiveStream, type LiveStream } from './live-stream';
import { watchVisibility } from './visibility';

/** `event: pod-log-added` (docs/services/pods.md, Live updates): a member shared a weekly completion. */
export interface PodLogAddedMessage {
  podId: string;
  id: string;
  userId: string;
  weeklyChallengeId: string | null;
  message: string;
  proofText: string | null;
  proofPhotoId: string | null;
  createdAt: string;
}

/** `event: pod-streak-updated`: the fields of pods.pod.streak.updated.v1 and when it happened. */
export interface PodStreakMessage {
  podId: string;
  currentStreak: number;
  previousStreak: number;
  saves: number;
  reason: 'completed' | 'reset' | 'save_used';
  weeklyChallengeId: string | null;
  week: string;
  occurredAt: string;
}

/** `event: pod-feed-updated` (decision 0038): an entry's reactions or comments changed (`userId` acted). */
export interface PodFeedMessage {
  podId: string;
  entryId: string;
  change: 'reaction' | 'comment';
  userId: string;
}

/** `event: pod-nudged`: sent to the nudger's and the recipient's streams only. */
export interface PodNudgedMessage {
  podId: string;
  nudgerId: string;
  recipientId: string;
  day: string;
  createdAt: string;
}

/** `event: pod-playbook-updated` (decision 0041): a pod playbook's run or a member's finished weeks changed. */
export interface PodPlaybookMessage {
  podId: string;
  playbookId: string;
}

export interface PodEventHandlers {
  onLogAdded?: (message: PodLogAddedMessage) => void;
  onFeedUpdated?: (message: PodFeedMessage) => void;
  onNudged?: (message: PodNudgedMessage) => void;
  onStreakUpdated?: (message: PodStreakMessage) => void;
  onPlaybookUpdated?: (message: PodPlaybookMessage) => void;
  /** The stream (re)opened: anything sent while it was away is not replayed, so re-read what is shown. */
  onOpen?: () => void;
  /** The server will not open the stream (no longer a member, signed out): it is not retried. */
  onStop?: (error: unknown) => void;
}

/** One pod's stream, every pod the user is in ('mine'), or none (null). */
export type PodEventsScope = { podId: string } | 'mine' | null;

/**
 * A tab hidden this long closes its stream (it reopens, and re-reads, when shown again). A short
 * look at another tab keeps it; a tab left in the background does not hold a connection and a
 * LISTEN subscriber on a pods instance for nothing.
 */
export const HIDDEN_CLOSE_MS = 60_000;

const EVENTS = [
  'pod-log-added',
  'pod-streak-updated',
  'pod-feed-updated',
  'pod-nudged',
  'pod-playbook-updated',
] as const;

/** A 400, 401, 403 or 404 for the ticket will not change on its own: stop instead of retrying. */
export function isFatalStreamError(error: unknown): boolean {
  return isApiError(error) && [400, 401, 403, 404].includes(error.status);
}

/**
 * Live pod updates for the component's lifetime: a ticket, then an EventSource through the edge,
 * reconnected with back-off (a new ticket each time) when it drops. Every streak change also fires
 * the page's `pod-streak-updated` event (spec §7.3). Handlers may change between renders.
 */
export function usePodEvents(scope: PodEventsScope, handlers: PodEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const target = scope === null ? null : scope === 'mine' ? 'mine' : `pod:${scope.podId}`;

  useEffect(() => {
    if (target === null) return;
    const base = target === 'mine' ? '/api/pods/me' : `/api/pods/pods/${encodeURIComponent(target.slice(4))}`;
    let stream: LiveStream | null = null;

    const start = () => {
      stream ??= openLiveStream({
        events: EVENTS,
        connectUrl: async (signal) => {
          const { ticket } = await apiFetch<{ ticket: string }>(`${base}/stream-ticket`, { method: 'POST', signal });
          return `${base}/events?ticket=${encodeURIComponent(ticket)}`;
        },
        isFatal: isFatalStreamError,
        onOpen: () => latest.current.onOpen?.(),
        onStop: (error) => latest.current.onStop?.(error),
        onMessage: (event, data) => {
          if (event === 'pod-streak-updated') {
            const message = data as PodStreakMessage;
            dispatchAppEvent('pod-streak-updated', { podId: message.podId, streak: message.currentStreak });
            latest.current.onStreakUpdated?.(message);
          } else if (event === 'pod-feed-updated') {
            latest.current.onFeedUpdated?.(data as PodFeedMessage);
          } else if (event === 'pod-nudged') {
            latest.current.onNudged?.(data as PodNudgedMessage);
          } else if (event === 'pod-playbook-updated') {
            latest.current.onPlaybookUpdated?.(data as PodPlaybookMessage);
          } else {
            latest.current.onLogAdded?.(data as PodLogAddedMessage);
          }
        },
      });
    };
    const stop = () => {
      stream?.close();
      stream = null;
    };
    const onOnline = () => stream?.reconnectNow();

    start();
    const unwatch = watchVisibility(document, { hiddenMs: HIDDEN_CLOSE_MS, onLongHidden: stop, onShown: start });
    window.addEventListener('online', onOnline);
    return () => {
      unwatch();
      window.removeEventListener('online', onOnline);
      stop();
    };
  }, [target]);
}
