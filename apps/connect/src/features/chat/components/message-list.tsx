import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@vere/contracts';
import { Button, EmptyState, IconMessage } from '@vere/web-ui';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

const dayOf = (iso: string) => new Date(iso).toDateString();

export interface MessageListProps {
  messages: ChatMessage[];
  viewerId: string;
  friendName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onReport(message: ChatMessage): void;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The conversation, oldest at the top and newest at the bottom, in a `log` region (new messages are
 * announced politely). It stays pinned to the bottom while the reader is there; loading older
 * messages (scrolling to the top, or the button) keeps the reader's place.
 */
export function MessageList({
  messages,
  viewerId,
  friendName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onReport,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const oldestId = messages[0]?.id;
  const newestId = messages[messages.length - 1]?.id;

  // Older messages arrived at the top: keep the same distance from the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);

  // A new message at the bottom: follow it if the reader was at the bottom (or sent it).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const newest = messages[messages.length - 1];
    if (pinned.current || newest?.senderId === viewerId)
      el.scrollTo({ top: el.scrollHeight, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [newestId]);

  // First paint: start at the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const loadOlder = () => {
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    onLoadOlder();
  };

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (el.scrollTop < 40 && hasOlder && !loadingOlder) loadOlder();
  };

  // "Seen" once, under the newest of the viewer's messages the friend has read.
  const lastSeenId = [...messages].reverse().find((m) => m.senderId === viewerId && m.readAt)?.id;

  return (
    <div
      ref={box}
      className="cn-chat__log"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={`Messages with ${friendName}`}
      tabIndex={0}
      onScroll={onScroll}
    >
      {hasOlder ? (
        <div className="cn-chat__older">
          <Button size="sm" variant="ghost" loading={loadingOlder} onClick={loadOlder}>
            Load older messages
          </Button>
        </div>
      ) : messages.length > 0 ? (
        <p className="cn-chat__start cn-muted cn-small">This is the start of your chat with {friendName}.</p>
      ) : null}
      {messages.length === 0 ? (
        <EmptyState
          headingLevel={2}
          icon={<IconMessage size={32} />}
          title="Say hi"
          description={`No messages yet. Send ${friendName} a first one: a cheer for this week's challenge is a good start.`}
        />
      ) : (
        <ol className="cn-chat__messages">
          {messages.map((m, i) => {
            const mine = m.senderId === viewerId;
            const newDay = i === 0 || dayOf(messages[i - 1]!.createdAt) !== dayOf(m.createdAt);
            return (
              <li key={m.id} className={mine ? 'cn-msg cn-msg--mine' : 'cn-msg'} data-testid="chat-message">
                {newDay ? (
                  <p className="cn-chat__day cn-muted cn-small" aria-hidden="true">
                    {dayFormat.format(new Date(m.createdAt))}
                  </p>
                ) : null}
                <div className="cn-msg__bubble">
                  <span className="vui-visually-hidden">{mine ? 'You: ' : `${friendName}: `}</span>
                  <p className="cn-msg__text">{m.body}</p>
                </div>
                <span className="cn-msg__meta cn-small">
                  <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>
                  {m.id === lastSeenId ? <span> · Seen</span> : null}
                  {!mine ? (
                    <button
                      type="button"
                      className="cn-msg__report"
                      onClick={() => onReport(m)}
                      aria-label={`Report this message from ${friendName}`}
                    >
                      Report
                    </button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
