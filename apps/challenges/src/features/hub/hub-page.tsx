import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import { IconArrowRight, IconCalendar, IconClock, IconFlame, IconLock, IconSparkles, IconZap } from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import { LevelCard } from '../progress/components/level-card';
import { DeckPlaceholder } from './deck-placeholder';
import { useNow } from './use-now';
import { formatUnlocksIn, isWeekendWindow, nextWeekendStart } from '@vere/domain';

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
  { key: 'daily', title: 'Daily Sidequests', blurb: 'Quick dares to shake up today.', duration: '5-15 min', xp: '+20 XP', icon: IconZap, to: '/?deck=daily' },
  { key: 'weekly', title: 'Weekly Challenge', blurb: 'One big push. Seven days to nail it.', duration: '1 week', xp: '+120 XP', icon: IconCalendar, to: '/weekly' },
  { key: 'weekend', title: 'Weekend Sidequests', blurb: 'Longer adventures for your days off.', duration: '1-4 hours', xp: '+60 XP', icon: IconSparkles, to: '/?deck=weekend' },
];

export function HubPage() {
  const [params] = useSearchParams();
  const deck = params.get('deck');
  if (deck === 'daily' || deck === 'weekend') return <DeckPlaceholder kind={deck} />;
  return <Hub />;
}

function Hub() {
  const firstName = useSession((s) => s.user?.name.split(' ')[0] ?? null);
  const now = useNow();
  const weekendOpen = isWeekendWindow(now);
  const unlocksIn = formatUnlocksIn(nextWeekendStart(now).getTime() - now.getTime());

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
          const locked = kind.key === 'weekend' && !weekendOpen;
          return (
            <li key={kind.key}>
              <KindCard kind={kind} locked={locked}>
                {locked ? (
                  <span className="ch-kind__lock">
                    <span>Available weekends only</span>
                    <span className="ch-kind__countdown">Unlocks in: {unlocksIn}</span>
                  </span>
                ) : null}
              </KindCard>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function KindCard({ kind, locked, children }: { kind: ChallengeKind; locked: boolean; children?: ReactNode }) {
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
      {locked ? null : (
        <span className="ch-kind__go" aria-hidden="true">
          <IconArrowRight size={22} />
        </span>
      )}
    </>
  );
  if (locked) {
    return (
      <div className={`ch-kind ch-kind--${kind.key} is-locked`} aria-disabled="true" data-testid={`kind-${kind.key}`} data-tour={kind.key}>
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
