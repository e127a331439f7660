import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { Button } from './button';
import { holdTabInside } from './focus-trap';
import { prefersReducedMotion } from './motion';
import './tour.css';

export interface TourStep {
  title: string;
  content: string;
  /** CSS selector of the element to highlight; the first visible match. None: the card is centred. */
  target?: string;
}

export type TourOutcome = 'finished' | 'skipped';

export interface TourProps {
  /** Accessible name of the whole tour, e.g. "Home tour". */
  label: string;
  steps: readonly TourStep[];
  /** Finish on the last step, or Skip / Escape on any. */
  onDone(outcome: TourOutcome): void;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const PAD = 8;
const CARD_GAP = 14;

/** The first match that is rendered (the frame has a sidebar and a tab bar; CSS shows one). */
function findTarget(selector: string | undefined): HTMLElement | null {
  if (!selector) return null;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    if (el.getClientRects().length > 0) return el;
  }
  return null;
}

/**
 * A guided tour: each step highlights an element of the page and explains it in a card.
 * Built on the browser's modal <dialog>, so focus stays in the card, the page behind is inert
 * and Escape skips. Arrow keys move between steps.
 */
export function Tour({ label, steps, onDone }: TourProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [index, setIndex] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const step = steps[index];
  const last = index === steps.length - 1;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return undefined;
    const before = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);

  // Follow the target as the page lays out, scrolls or resizes.
  useLayoutEffect(() => {
    const target = findTarget(step?.target);
    if (!target) {
      setBox(null);
      return undefined;
    }
    target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = target.getBoundingClientRect();
        setBox({ top: r.top - PAD, left: r.left - PAD, width: r.width + PAD * 2, height: r.height + PAD * 2 });
      });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(target);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      observer?.disconnect();
    };
  }, [step?.target, index]);

  useEffect(() => {
    nextRef.current?.focus();
  }, [index]);

  const go = useCallback(
    (delta: number) => setIndex((i) => Math.min(steps.length - 1, Math.max(0, i + delta))),
    [steps.length],
  );

  if (!step) return null;

  const cardStyle: CSSProperties = {};
  if (box) {
    const below = box.top + box.height / 2 < window.innerHeight / 2;
    if (below) cardStyle.top = Math.min(box.top + box.height + CARD_GAP, window.innerHeight - 200);
    else cardStyle.bottom = Math.max(window.innerHeight - box.top + CARD_GAP, 16);
  }

  return (
    <dialog
      ref={ref}
      className="vui-tour"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-roledescription={label}
      onCancel={(event) => {
        event.preventDefault();
        onDoneRef.current('skipped');
      }}
      onKeyDown={(event) => {
        holdTabInside(event);
        if (event.key === 'ArrowRight' && !last) go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div
        className={box ? 'vui-tour__spotlight' : 'vui-tour__spotlight is-empty'}
        style={box ?? undefined}
        aria-hidden="true"
        data-testid="tour-spotlight"
      />
      <section className={box ? 'vui-tour__card' : 'vui-tour__card is-centred'} style={cardStyle}>
        <p className="vui-tour__count">
          {label} · Step {index + 1} of {steps.length}
        </p>
        <h2 className="vui-tour__title" id={titleId}>
          {step.title}
        </h2>
        <p className="vui-tour__content" id={bodyId}>
          {step.content}
        </p>
        <div className="vui-tour__dots" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s.title} className={i === index ? 'is-active' : undefined} />
          ))}
        </div>
        <div className="vui-tour__actions">
          <Button variant="ghost" size="sm" onClick={() => onDoneRef.current('skipped')}>
            Skip tour
          </Button>
          <span className="vui-tour__nav">
            {index > 0 ? (
              <Button variant="secondary" size="sm" onClick={() => go(-1)}>
                Back
              </Button>
            ) : null}
            <Button ref={nextRef} size="sm" onClick={() => (last ? onDoneRef.current('finished') : go(1))}>
              {last ? 'Finish' : 'Next'}
            </Button>
          </span>
        </div>
      </section>
    </dialog>
  );
}
