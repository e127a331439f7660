import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import {
  Skeleton,
  IconArrowRight,
  IconCalendar,
  IconClock,
  IconFlame,
  IconLock,
  IconSparkles,
  IconZap,
} from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import { useQueryClient } from '@vere/web-query';
import { formatUnlocksIn } from '@vere/domain';
import { limitsQueryKey, useLimits } from '../features/deck/api/get-limits';
import { LevelCard } from '../features/progress/components/level-card';
import { useCurrentWeekly } from '../features/weekly/api/get-current-weekly';
import { BelowTheFold } from '../shared/components/below-the-fold';
import { useNow } from '../shared/hooks/use-now';
import { useTimerAt } from '../shared/hooks/use-timer-at';
import type { weekendByRule } from './weekend-rule';

interface ChallengeKind {
  key: 'daily' | 'weekly' | 'weekend';
  title: string;
  blurb: string;
  duration: string;
  xp: string;
  icon: ComponentType<IconProps>;
  to: string;
}

const KINDS: ChallengeKind[] = [
  {
    key: 'daily',
    title: 'Daily Sidequests',
    blurb: 'Quick dares to shake up today.',
    duration: '5-15 min',
    xp: '+20 XP',
    icon: IconZap,
    to: '/?deck=daily',
  },
  {
    key: 'weekly',
    title: 'Weekly Challenge',
    blurb: 'One big push. Seven days to nail it.',
    duration: '1 week',
    xp: '+120 XP',
    icon: IconCalendar,
    to: '/weekly',
  },
  {
    key: 'weekend',
    title: 'Weekend Sidequests',
    blurb: 'Longer adventures for your days off.',
    duration: '1-4 hours',
    xp: '+60 XP',
    icon: IconSparkles,
    to: '/?deck=weekend',
  },
];

// The deck (gesture library, to-do dialogs) loads when it is opened, not with the home screen.
const DeckPage = lazy(() => import('./deck-page').then((m) => ({ default: m.DeckPage })));
// "For you" and the leaderboards, under the first screen: after it (BelowTheFold).
const loadHubSections = () =>
  import(/* webpackChunkName: "hub-sections" */ './hub-sections').then((m) => m.HubSections);

function DeckLoading() {
  return (
    <div className="vui-page" aria-busy="true">
      <span className="vui-visually-hidden" role="status">
        Loading your deck
      </span>
      <Skeleton height="420px" radius="28px" />
    </div>
  );
}

export function HubPage() {
  const [params] = useSearchParams();
  const deck = params.get('deck');
  if (deck === 'daily' || deck === 'weekend') {
    return (
      <Suspense fallback={<DeckLoading />}>
        <DeckPage kind={deck} />
      </Suspense>
    );
  }
  return <Hub />;
}

function Hub() {
  const firstName = useSession((s) => s.user?.name.split(' ')[0] ?? null);
  const weekend = useWeekendWindow();
  // Spec §2.1: the weekly card shows this week's title and category; until they arrive, a placeholder
  // line holds their place so the cards below do not move (the line is one line, clamped).
  const weekly = useCurrentWeekly();
  const thisWeek = weekly.data?.challenges[0] ?? null;

  return (
    <div className="vui-page ch-hub">
      <LevelCard />
      <header className="vui-page-header">
        {firstName ? (
          <p className="vui-eyebrow" data-testid="greeting">
            Hey {firstName}!
          </p>
        ) : null}
        <h1 className="vui-page-title">Choose Your Challenge</h1>
        <p className="vui-page-subtitle">What&apos;s your vibe today?</p>
      </header>
      <ul className="ch-kinds">
        {KINDS.map((kind) => {
          const pending = kind.key === 'weekend' && weekend === null;
          const locked = kind.key === 'weekend' && weekend !== null && !weekend.weekendOpen;
          return (
            <li key={kind.key}>
              <KindCard kind={kind} locked={locked} pending={pending}>
                {kind.key === 'weekly' && thisWeek ? (
                  <span
                    className="ch-kind__week"
                    data-testid="hub-weekly-title"
                    title={`${thisWeek.title} · ${thisWeek.category}`}
                  >
                    {thisWeek.title} <span className="ch-kind__blurb">· {thisWeek.category}</span>
                  </span>
                ) : null}
                {kind.key === 'weekly' && weekly.isPending ? (
                  <span className="ch-kind__week" aria-hidden="true">
                    <Skeleton width="70%" height="1lh" />
                  </span>
                ) : null}
                {locked ? (
                  <span className="ch-kind__lock">
                    <span>Available weekends only</span>
                    <span className="ch-kind__countdown">Unlocks in: {weekend?.unlocksIn}</span>
                  </span>
                ) : null}
                {pending ? (
                  // As tall as the lock's two lines, which it usually turns into (weekdays).
                  <span className="ch-kind__lock" aria-hidden="true">
                    <Skeleton width="70%" height="1lh" />
                    <Skeleton width="45%" height="1lh" />
                  </span>
                ) : null}
              </KindCard>
            </li>
          );
        })}
      </ul>
      <Link to="/packs" className="ch-kind ch-kind--packs ch-packs-link" data-testid="hub-packs">
        <span className="ch-kind__icon" aria-hidden="true">
          <IconSparkles size={26} />
        </span>
        <span className="ch-kind__body">
          <span className="ch-kind__title">Challenge Packs</span>
          <span className="ch-kind__blurb">Themed sets of quick dares, first in your deck.</span>
        </span>
        <span className="ch-kind__go" aria-hidden="true">
          <IconArrowRight size={22} />
        </span>
      </Link>
      <BelowTheFold
        load={loadHubSections}
        name="hub-sections"
        failedTitle="Couldn't load the leaderboard"
        placeholder={<SectionsPlaceholder />}
      />
    </div>
  );
}

/** About as tall as the leaderboard it turns into, so scrolling to it does not jump. */
function SectionsPlaceholder() {
  return (
    <div className="ch-below__placeholder" aria-busy="true">
      <span className="vui-visually-hidden" role="status">
        Loading the leaderboard
      </span>
      <Skeleton width="40%" height="1.75rem" />
      <Skeleton width="70%" height="2.75rem" radius="999px" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height="52px" radius="16px" />
      ))}
    </div>
  );
}

/**
 * The weekend window as quests computes it in the user's zone (GET /me/limits): null until that answer
 * arrives (the card shows a placeholder), and the same rule from libs/domain on the profile's zone
 * only if the answer fails. Not computed here first: the browser's first time-zone computation loads
 * its Intl data, a long task on a phone while the home is appearing. The countdown refreshes every
 * 60 s and the limits are read again when the window opens or closes.
 */
function useWeekendWindow(): { weekendOpen: boolean; unlocksIn: string } | null {
  const client = useQueryClient();
  const limits = useLimits();
  const timeZone = useSession((s) => s.user?.timeZone ?? undefined);
  const now = useNow();
  const data = limits.data;
  const [byRule, setByRule] = useState<typeof weekendByRule | null>(null);
  const ruleNeeded = limits.isError && !data;
  useEffect(() => {
    if (!ruleNeeded) return;
    let live = true;
    void import('./weekend-rule').then((m) => {
      if (live) setByRule(() => m.weekendByRule);
    });
    return () => {
      live = false;
    };
  }, [ruleNeeded]);
  useTimerAt(
    data ? (data.weekendOpen ? data.weekendEndsAt : data.weekendOpensAt) : null,
    () => void client.invalidateQueries({ queryKey: limitsQueryKey }),
  );
  if (data) {
    const opensIn = Date.parse(data.weekendOpensAt) - now.getTime();
    return { weekendOpen: data.weekendOpen, unlocksIn: formatUnlocksIn(opensIn) };
  }
  return byRule ? byRule(now, timeZone) : null;
}

function KindCard({
  kind,
  locked,
  pending,
  children,
}: {
  kind: ChallengeKind;
  locked: boolean;
  pending: boolean;
  children?: ReactNode;
}) {
  const Icon = locked ? IconLock : kind.icon;
  const body = (
    <>
      <span className="ch-kind__icon" aria-hidden="true">
        <Icon size={30} />
      </span>
      <span className="ch-kind__body">
        <span className="ch-kind__title">{kind.title}</span>
        <span className="ch-kind__blurb">{kind.blurb}</span>
        <span className="ch-kind__meta">
          <span className="ch-chip">
            <IconClock size={14} />
            {kind.duration}
          </span>
          <span className="ch-chip ch-chip--xp">
            <IconFlame size={14} />
            {kind.xp}
          </span>
        </span>
        {children}
      </span>
      {locked || pending ? null : (
        <span className="ch-kind__go" aria-hidden="true">
          <IconArrowRight size={22} />
        </span>
      )}
    </>
  );
  // Not a link while it is locked, or while the server's answer on whether it is has not come.
  if (locked || pending) {
    return (
      <div
        className={`ch-kind ch-kind--${kind.key}${locked ? ' is-locked' : ''}`}
        aria-disabled={locked || undefined}
        aria-busy={pending || undefined}
        data-testid={`kind-${kind.key}`}
        data-tour={kind.key}
      >
        {body}
      </div>
    );
  }
  return (
    <Link to={kind.to} className={`ch-kind ch-kind--${kind.key}`} data-testid={`kind-${kind.key}`} data-tour={kind.key}>
      {body}
    </Link>
  );
}
