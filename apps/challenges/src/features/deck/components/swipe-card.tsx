import { useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useDrag } from '@use-gesture/react';
import type { Sidequest } from '@vere/contracts';
import { DARK_TEXT, SIDEQUEST_CATEGORY_LABELS, textColourOn } from '@vere/domain';
import { IconCheck, IconClock, IconX, IconZap } from '@vere/web-ui';
import { swipeDecision, swipeHint } from '../utils/deck-logic';
import type { SwipeDirection } from '../utils/deck-logic';

export interface SwipeCardProps {
  quest: Sidequest;
  /** 0 is the top card; 1 and 2 peek out behind it. */
  depth: number;
  /** Set while the card flies off after a decision. */
  leaving: SwipeDirection | null;
  /** A finished drag past the threshold; resolves false when the decision did not go through (snap back). */
  onSwipe(direction: SwipeDirection): Promise<boolean>;
  busy: boolean;
  reducedMotion: boolean;
  describedBy?: string;
  /** A built-in sample (preview only): labelled as such on the card. */
  sample?: boolean;
}

const stopsOf = (quest: Sidequest): string[] =>
  [quest.bgColor, quest.bgColor2, quest.bgColor3].filter((c): c is string => Boolean(c));

function background(quest: Sidequest): string {
  return `linear-gradient(150deg, ${stopsOf(quest).join(', ')})`;
}

/** One sidequest card; only the top one can be dragged (mouse and touch through @use-gesture). */
export function SwipeCard({
  quest,
  depth,
  leaving,
  onSwipe,
  busy,
  reducedMotion,
  describedBy,
  sample = false,
}: SwipeCardProps) {
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const travel = useRef(0);
  const top = depth === 0;

  const bind = useDrag(
    ({ first, last, active, movement: [mx], delta: [dx, dy] }) => {
      if (first) travel.current = 0;
      travel.current += Math.abs(dx) + Math.abs(dy);
      setDragging(active);
      if (active) {
        setX(mx);
        return;
      }
      if (!last) return;
      const direction = swipeDecision(mx, travel.current);
      if (!direction) {
        setX(0);
        return;
      }
      void onSwipe(direction).then((done) => {
        if (!done) setX(0);
      });
    },
    { enabled: top && !busy && !leaving, filterTaps: true, axis: 'x' },
  );

  const category = SIDEQUEST_CATEGORY_LABELS[quest.category];
  const shownX = leaving ? (leaving === 'accept' ? 1 : -1) * 640 : x;
  const hint = leaving ?? swipeHint(x);
  // White text where it reads (4.5:1 on every colour of the card), dark ink on light cards.
  const ink = textColourOn(stopsOf(quest));
  const style: CSSProperties = {
    background: background(quest),
    color: ink,
    transform: top
      ? `translateX(${shownX}px) rotate(${reducedMotion ? 0 : shownX / 18}deg)`
      : `translateY(${depth * 14}px) scale(${1 - depth * 0.05})`,
    zIndex: 10 - depth,
    transition: dragging || reducedMotion ? 'none' : undefined,
    opacity: leaving && reducedMotion ? 0 : undefined,
  };

  return (
    <article
      {...(top ? bind() : {})}
      className={`ch-card${top ? ' ch-card--top' : ''}${leaving ? ' is-leaving' : ''}`}
      style={style}
      aria-hidden={top ? undefined : true}
      aria-label={
        top
          ? `${sample ? 'Sample: ' : ''}${quest.pack ? `${quest.pack.title} pack: ` : ''}${quest.title}. ${category}, ${quest.duration}, +${quest.xp} XP`
          : undefined
      }
      aria-describedby={top ? describedBy : undefined}
      tabIndex={top ? 0 : -1}
      data-testid={top ? 'deck-card' : undefined}
      data-hint={hint ?? undefined}
      data-ink={ink === DARK_TEXT ? 'dark' : 'light'}
    >
      <span className={`ch-card__hint ch-card__hint--skip${hint === 'skip' ? ' is-on' : ''}`} aria-hidden="true">
        <IconX size={18} /> Skip
      </span>
      <span className={`ch-card__hint ch-card__hint--accept${hint === 'accept' ? ' is-on' : ''}`} aria-hidden="true">
        <IconCheck size={18} /> Accept
      </span>
      <p className="ch-card__tags" aria-hidden="true">
        {sample ? <span className="ch-card__sample">Sample</span> : null}
        <span className="ch-card__category" data-testid={top ? 'deck-card-category' : undefined}>
          {category}
        </span>
        {quest.pack ? (
          <span className="ch-card__pack" data-testid={top ? 'deck-card-pack' : undefined}>
            {quest.pack.title}
          </span>
        ) : null}
      </p>
      <h2 className="ch-card__title">{quest.title}</h2>
      <p className="ch-card__description">{quest.description}</p>
      <p className="ch-card__meta">
        <span className="ch-card__chip">
          <IconClock size={14} /> {quest.duration}
        </span>
        <span className="ch-card__chip">
          <IconZap size={14} /> +{quest.xp} XP
        </span>
      </p>
    </article>
  );
}
