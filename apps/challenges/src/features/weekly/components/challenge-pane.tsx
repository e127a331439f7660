import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useDrag } from '@use-gesture/react';
import { cx } from '@vere/web-ui';
import type { ChallengePage } from '../utils/weekly-logic';
import { pageAfterDrag } from '../utils/weekly-logic';

interface ChallengePaneProps {
  pages: ChallengePage[];
  page: number;
  onPage(page: number): void;
}

/**
 * The five-page pane (spec §2.1): drag sideways over 50 px (mouse or touch), the dots, or the arrow
 * keys (Home/End too) when the pane has focus. Pages off screen are inert and hidden from screen
 * readers; the page shown is announced.
 */
export function ChallengePane({ pages, page, onPage }: ChallengePaneProps) {
  const [dragX, setDragX] = useState(0);
  const bind = useDrag(
    ({ last, movement: [mx], tap }) => {
      if (tap) return;
      if (last) {
        setDragX(0);
        onPage(pageAfterDrag(page, mx, pages.length));
      } else setDragX(mx);
    },
    // The arrow keys are ours (a page each), not use-gesture's keyboard drag.
    { axis: 'x', filterTaps: true, pointer: { touch: true, keys: false } },
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowRight'
        ? Math.min(pages.length - 1, page + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, page - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? pages.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onPage(next);
  };

  const current = pages[page];
  return (
    <div className="ch-pane" data-tour="weekly-pages">
      <div
        {...bind()}
        className={cx('ch-pane__viewport', dragX !== 0 && 'is-dragging')}
        role="group"
        aria-roledescription="carousel"
        aria-label={`Challenge pages, ${page + 1} of ${pages.length}: ${current?.label ?? ''}. Use the arrow keys to turn pages.`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="weekly-pane"
        data-page={page}
      >
        <div className="ch-pane__track" style={{ transform: `translateX(calc(${-page * 100}% + ${dragX}px))` }}>
          {pages.map((p, i) => (
            <section
              key={p.key}
              className="ch-pane__page"
              aria-hidden={i !== page}
              inert={i !== page}
              data-testid={`weekly-page-${p.key}`}
            >
              <h3 className="ch-pane__label">{p.label}</h3>
              <p className="ch-pane__text">{p.text}</p>
            </section>
          ))}
        </div>
      </div>
      <div className="ch-pane__dots" role="group" aria-label="Choose a page">
        {pages.map((p, i) => (
          <button
            key={p.key}
            type="button"
            className={cx('ch-pane__dot', i === page && 'is-current')}
            aria-label={`Page ${i + 1} of ${pages.length}: ${p.label}`}
            aria-current={i === page ? 'step' : undefined}
            onClick={() => onPage(i)}
          />
        ))}
      </div>
      <p className="vui-visually-hidden" aria-live="polite">
        {current ? `${current.label}, page ${page + 1} of ${pages.length}` : ''}
      </p>
    </div>
  );
}
