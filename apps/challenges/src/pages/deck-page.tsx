import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@vere/web-router';
import { useQueryClient } from '@vere/web-query';
import type { Limits, Sidequest, SidequestType } from '@vere/contracts';
import { canSwipe, formatUnlocksIn } from '@vere/domain';
import { dispatchAppEvent } from '@vere/web-kit';
import { isApiError } from '@vere/web-session';
import {
  Button,
  EmptyState,
  ErrorCard,
  IconArrowLeft,
  IconCheck,
  IconList,
  IconSparkles,
  IconX,
  LevelBadge,
  Skeleton,
  XpBar,
  notify,
} from '@vere/web-ui';
import { acceptSidequest } from '../features/deck/api/accept-sidequest';
import { limitsQueryKey, useLimits } from '../features/deck/api/get-limits';
import { deckQueryKey, useDeck } from '../features/deck/api/get-deck';
import { skipSidequest } from '../features/deck/api/skip-sidequest';
import { OutOfSwipesDialog } from '../features/deck/components/out-of-swipes-dialog';
import { SampleDeck } from '../features/deck/components/sample-deck';
import { SidePanel } from '../features/deck/components/side-panel';
import { SwipeCard } from '../features/deck/components/swipe-card';
import { UpgradeAd } from '../features/deck/components/upgrade-ad';
import { useReducedMotion } from '../features/deck/hooks/use-reduced-motion';
import { remainingCards, showsUpgradeAd, stackOf } from '../features/deck/utils/deck-logic';
import type { SwipeDirection } from '../features/deck/utils/deck-logic';
import { SKIPPED, WEEKEND_CLOSED_TEXT, swipeErrorMessage } from '../features/deck/utils/messages';
import { useTodos } from '../features/todos/api/get-todos';
import { TodoListDialog } from '../features/todos/components/todo-list-dialog';
import { useProgress } from '../shared/api/get-progress';
import { useNow } from '../shared/hooks/use-now';
import { useTimerAt } from '../shared/hooks/use-timer-at';
// The deck's and the weekly pages' styles come with them, not with the hub (challenges.css).
import '../shared/styles/play.css';

/** Spec: the card flies away in about 300 ms; the To-Do button is highlighted for 1.5 s. */
const LEAVE_MS = 300;
const HIGHLIGHT_MS = 1_500;

export interface BucketCounts {
  swipes: number;
  maxSwipes: number;
  skips: number;
  maxSkips: number;
}

export function bucketCounts(limits: Limits, bucket: SidequestType): BucketCounts {
  return bucket === 'daily'
    ? { swipes: limits.dailySwipes, maxSwipes: limits.maxSwipes, skips: limits.dailySkips, maxSkips: limits.maxSkips }
    : {
        swipes: limits.weekendSwipes,
        maxSwipes: limits.maxWeekendSwipes,
        skips: limits.weekendSkips,
        maxSkips: limits.maxWeekendSkips,
      };
}

export function DeckPage({ kind }: { kind: SidequestType }) {
  const limits = useLimits();
  const quests = useDeck(kind);
  const now = useNow();
  const title = kind === 'daily' ? 'Daily Sidequests' : 'Weekend Sidequests';

  let body;
  if (limits.isPending || quests.isPending) {
    body = (
      <div className="ch-deck__loading" aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading your deck
        </span>
        <Skeleton height="360px" radius="28px" />
      </div>
    );
  } else if (limits.isError || quests.isError) {
    body = (
      <ErrorCard
        title="Couldn't load your deck"
        message="Your swipes are safe. Check your connection and try again."
        retrying={limits.isFetching || quests.isFetching}
        onRetry={() => {
          if (limits.isError) void limits.refetch();
          if (quests.isError) void quests.refetch();
        }}
      />
    );
  } else if (kind === 'weekend' && !limits.data.weekendOpen) {
    body = (
      <EmptyState
        icon={<IconSparkles size={32} />}
        title="Coming soon!"
        headingLevel={2}
        description={
          <>
            {WEEKEND_CLOSED_TEXT}
            <span className="ch-deck__unlocks">
              Unlocks in: {formatUnlocksIn(Date.parse(limits.data.weekendOpensAt) - now.getTime())}
            </span>
          </>
        }
        action={
          <Link to="/" className="vui-btn vui-btn--secondary vui-btn--md">
            Back to Challenges
          </Link>
        }
      />
    );
  } else if (quests.data.sidequests.length === 0 && bucketCounts(limits.data, kind).swipes === 0) {
    // Spec §4.2: the built-in samples until the server has cards (browse-only, decision 0025).
    body = <SampleDeck kind={kind} />;
  } else {
    body = <Deck kind={kind} limits={limits.data} quests={quests.data.sidequests} />;
  }

  return (
    <div className="vui-page ch-deck-page" data-testid={`deck-${kind}`}>
      <Link to="/" className="vui-back-link">
        <IconArrowLeft size={18} /> Back to Challenges
      </Link>
      <h1 className="vui-page-title">{title}</h1>
      {quests.data?.shapedBy ? (
        <p className="ch-deck__shaped" data-testid="deck-shaped-by">
          <IconSparkles size={16} aria-hidden="true" /> Cards first {quests.data.shapedBy.text}.{' '}
          <Link to="/#for-you">Change</Link>
        </p>
      ) : null}
      {body}
    </div>
  );
}

function Deck({ kind, limits, quests }: { kind: SidequestType; limits: Limits; quests: Sidequest[] }) {
  const client = useQueryClient();
  const progress = useProgress();
  const todos = useTodos();
  const reducedMotion = useReducedMotion();
  const hintId = useId();
  // Cards decided on this page; the server leaves them out too once the deck is read again.
  const [decided, setDecided] = useState<ReadonlySet<string>>(() => new Set());
  const [leaving, setLeaving] = useState<{ id: string; direction: SwipeDirection } | null>(null);
  const [busy, setBusy] = useState(false);
  const [adDismissedAt, setAdDismissedAt] = useState<number | null>(null);
  const [outOfSwipes, setOutOfSwipes] = useState(false);
  const [todoOpen, setTodoOpen] = useState(false);
  const [highlight, setHighlight] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  // Counters reset at the user's local midnight (the server says when): read the limits and the
  // new day's deck again, start over — without a reload.
  useTimerAt(limits.resetsAt, () => {
    void client.invalidateQueries({ queryKey: limitsQueryKey });
    void client.invalidateQueries({ queryKey: deckQueryKey(kind) });
    setDecided(new Set());
    setAdDismissedAt(null);
  });
  // The weekend deck closes at the end of Sunday.
  useTimerAt(
    kind === 'weekend' ? limits.weekendEndsAt : null,
    () => void client.invalidateQueries({ queryKey: limitsQueryKey }),
  );

  const counts = bucketCounts(limits, kind);
  const swipesLeft = Math.max(0, counts.maxSwipes - counts.swipes);
  const skipsLeft = Math.max(0, counts.maxSkips - counts.skips);
  const used = { swipes: counts.swipes, skips: counts.skips };
  const max = { swipes: counts.maxSwipes, skips: counts.maxSkips };
  const acceptVerdict = canSwipe('accept', kind, used, max);
  const skipVerdict = canSwipe('skip', kind, used, max);
  const remaining = useMemo(() => remainingCards(quests, decided), [quests, decided]);
  const stack = useMemo(() => stackOf(remaining, 0), [remaining]);
  const top = stack[0];
  const adShowing = showsUpgradeAd(decided.size, limits.isPro) && adDismissedAt !== decided.size;

  const decide = useCallback(
    async (direction: SwipeDirection): Promise<boolean> => {
      if (busy || leaving || adShowing || !top) return false;
      if (direction === 'accept' && !acceptVerdict.ok) {
        setOutOfSwipes(true);
        return false;
      }
      if (direction === 'skip' && !skipVerdict.ok) {
        notify.error(skipVerdict.reason);
        return false;
      }
      setBusy(true);
      try {
        let result: { limits: Limits };
        if (direction === 'accept') {
          const accepted = await acceptSidequest(top.id);
          dispatchAppEvent('todo-updated', { todoId: accepted.todo.id, change: 'added' });
          result = accepted;
        } else {
          result = await skipSidequest(top.id);
        }
        client.setQueryData(limitsQueryKey, result.limits);
        dispatchAppEvent('swipe-updated', { bucket: kind, action: direction });
        setLeaving({ id: top.id, direction });
        window.setTimeout(
          () => {
            setLeaving(null);
            setDecided((d) => new Set(d).add(top.id));
            const after = bucketCounts(result.limits, kind);
            if (direction === 'accept' && after.swipes >= after.maxSwipes) setOutOfSwipes(true);
          },
          reducedMotion ? 0 : LEAVE_MS,
        );
        if (direction === 'skip') {
          notify.info(SKIPPED);
          setAnnouncement(`Skipped ${top.title}.`);
        } else {
          setAnnouncement(`Accepted ${top.title}. Added to your to-do list.`);
          setHighlight(true);
          clearTimeout(highlightTimer.current);
          highlightTimer.current = setTimeout(() => setHighlight(false), HIGHLIGHT_MS);
        }
        return true;
      } catch (error) {
        if (isApiError(error) && error.code === 'ALREADY_SWIPED_TODAY') {
          // A stale card (swiped today on another device or tab): no error, just the fresh deck.
          setDecided((d) => new Set(d).add(top.id));
          setAnnouncement(`${top.title} was already swiped today. Showing the next card.`);
          void client.invalidateQueries({ queryKey: deckQueryKey(kind) });
          return false;
        }
        notify.error(swipeErrorMessage(direction, error));
        if (
          isApiError(error) &&
          (error.code === 'SWIPE_LIMIT_REACHED' ||
            error.code === 'SKIP_LIMIT_REACHED' ||
            error.code === 'WEEKEND_CLOSED')
        ) {
          void client.invalidateQueries({ queryKey: limitsQueryKey });
          if (direction === 'accept' && error.code === 'SWIPE_LIMIT_REACHED') setOutOfSwipes(true);
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [busy, leaving, adShowing, acceptVerdict.ok, skipVerdict, top, client, kind, reducedMotion],
  );

  // Arrow keys decide the top card, unless the user is typing or a dialog is open. An Effect Event:
  // a key pressed as soon as a card has left sees the deck on screen, not the one of the render
  // before (a listener re-added by a passive effect lags the paint on a busy phone, and the press
  // was dropped).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"], dialog[open]')) return;
    if (document.querySelector('dialog[open]')) return;
    event.preventDefault();
    if (adShowing) {
      setAdDismissedAt(decided.size);
      return;
    }
    void decide(event.key === 'ArrowRight' ? 'accept' : 'skip');
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const pendingCount = todos.data?.pending.length ?? 0;
  const bucketLabel = kind === 'daily' ? 'daily' : 'weekend';

  return (
    <div className="ch-deck-layout">
      <section className="ch-deck" aria-labelledby={`${hintId}-header`}>
        <div className="ch-deck__top">
          <div className="ch-deck__level">
            {progress.data ? (
              <>
                <LevelBadge progress={progress.data} />
                <XpBar progress={progress.data} />
              </>
            ) : progress.isError ? (
              <Button size="sm" variant="ghost" onClick={() => void progress.refetch()}>
                Couldn&apos;t load XP · Retry
              </Button>
            ) : (
              <Skeleton width="100%" height="28px" radius="999px" />
            )}
          </div>
          <Button
            variant="secondary"
            size="sm"
            className={`ch-todo-button${highlight ? ' is-highlighted' : ''}`}
            icon={<IconList size={18} />}
            onClick={() => setTodoOpen(true)}
            aria-label={`My To-Do List, ${pendingCount} pending`}
            data-testid="todo-button"
          >
            My To-Do List
            {pendingCount > 0 ? (
              <span className="ch-badge" data-testid="todo-count" aria-hidden="true">
                {pendingCount}
              </span>
            ) : null}
          </Button>
        </div>

        <header className="ch-deck__header">
          <p id={`${hintId}-header`} className="ch-deck__counter" data-testid="swipe-counter">
            Swipe to decide • {counts.swipes}/{counts.maxSwipes} swipes
          </p>
          {limits.bonusSwipes > 0 ? (
            <span className="ch-chip ch-chip--xp" data-testid="bonus">
              +{limits.bonusSwipes} bonus
            </span>
          ) : null}
        </header>

        <div className="ch-stack" data-testid="deck-stack">
          {adShowing ? (
            <UpgradeAd onSkip={() => setAdDismissedAt(decided.size)} />
          ) : !top ? (
            <EmptyState
              icon={<IconSparkles size={32} />}
              title="That's every card for today"
              headingLevel={2}
              description="You have seen the whole deck. Fresh cards arrive at midnight."
            />
          ) : (
            stack
              .map((quest, depth) => (
                <SwipeCard
                  key={`${quest.id}-${depth === 0 ? 'top' : depth}`}
                  quest={quest}
                  depth={depth}
                  leaving={depth === 0 && leaving?.id === quest.id ? leaving.direction : null}
                  onSwipe={decide}
                  busy={busy}
                  reducedMotion={reducedMotion}
                  describedBy={hintId}
                />
              ))
              .reverse()
          )}
        </div>
        <p id={hintId} className="ch-deck__hint">
          Drag right to accept, left to skip — or use the arrow keys or the buttons.
        </p>

        <div className="ch-deck__actions">
          <Button
            variant="secondary"
            size="lg"
            icon={<IconX size={20} />}
            onClick={() => void decide('skip')}
            disabled={adShowing || !top || !skipVerdict.ok || busy || Boolean(leaving)}
            aria-label={`Skip, ${skipsLeft} left today`}
            data-testid="skip-button"
          >
            Skip ({skipsLeft})
          </Button>
          <Button
            size="lg"
            icon={<IconCheck size={20} />}
            onClick={() => void decide('accept')}
            disabled={adShowing || !top || !acceptVerdict.ok || busy || Boolean(leaving)}
            aria-label={acceptVerdict.ok ? `Accept, ${swipesLeft} swipes left today` : 'Accept: no swipes left today'}
            data-testid="accept-button"
          >
            Accept
          </Button>
        </div>
        {!acceptVerdict.ok ? (
          <p className="ch-deck__limit" data-testid="limit-reached">
            No {bucketLabel} swipes left. They come back at midnight.
          </p>
        ) : null}
        <p className="vui-visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </section>

      <SidePanel todos={todos} progress={progress} onOpenTodos={() => setTodoOpen(true)} pendingCount={pendingCount} />

      <OutOfSwipesDialog
        open={outOfSwipes}
        isPro={limits.isPro}
        onClose={() => setOutOfSwipes(false)}
        onViewTodos={() => {
          setOutOfSwipes(false);
          setTodoOpen(true);
        }}
      />
      <TodoListDialog open={todoOpen} onClose={() => setTodoOpen(false)} />
    </div>
  );
}
