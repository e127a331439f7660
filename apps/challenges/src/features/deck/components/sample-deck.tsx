import { useEffect, useId, useState } from 'react';
import type { SidequestType } from '@vere/contracts';
import { Button, IconArrowLeft, IconArrowRight, IconEye } from '@vere/web-ui';
import { sampleQuests } from '../utils/sample-quests';
import { SwipeCard } from './swipe-card';

const ignore = () => Promise.resolve(false);

/**
 * While the server has no cards of this kind: the built-in samples to look through (spec §4.2).
 * Browse-only: nothing is sent to the server, no swipe is used, no XP can come of it (decision 0025).
 */
export function SampleDeck({ kind }: { kind: SidequestType }) {
  const samples = sampleQuests(kind);
  const [index, setIndex] = useState(0);
  const noteId = useId();
  const move = (step: number) => setIndex((i) => (i + step + samples.length) % samples.length);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (
        (event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable="true"], dialog[open]')
      )
        return;
      event.preventDefault();
      setIndex((i) => (i + (event.key === 'ArrowRight' ? 1 : -1) + samples.length) % samples.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [samples.length]);

  const quest = samples[index]!;
  return (
    <section className="ch-deck ch-samples" aria-labelledby={`${noteId}-title`} data-testid="sample-deck">
      <div className="ch-samples__note" id={noteId}>
        <p id={`${noteId}-title`} className="ch-samples__title">
          <IconEye size={18} aria-hidden="true" /> Sample quests — preview only
        </p>
        <p className="ch-samples__text">
          Real {kind} sidequests are on their way. Samples can&apos;t be accepted and don&apos;t use your swipes.
        </p>
      </div>
      <div className="ch-stack" data-testid="sample-stack">
        <SwipeCard
          key={quest.id}
          quest={quest}
          depth={0}
          leaving={null}
          onSwipe={ignore}
          busy
          reducedMotion
          describedBy={noteId}
          sample
        />
      </div>
      <div className="ch-samples__nav">
        <Button
          variant="secondary"
          size="sm"
          icon={<IconArrowLeft size={16} />}
          onClick={() => move(-1)}
          aria-label="Previous sample"
        >
          Previous
        </Button>
        <p className="ch-samples__position" aria-live="polite" data-testid="sample-position">
          Sample {index + 1} of {samples.length}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<IconArrowRight size={16} />}
          onClick={() => move(1)}
          aria-label="Next sample"
        >
          Next
        </Button>
      </div>
    </section>
  );
}
