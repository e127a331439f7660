import { useEffect, useId, useRef, useState } from 'react';
import { LIKERT_LABELS } from '@vere/domain';
import { Button, IconArrowLeft, IconArrowRight } from '@vere/web-ui';

export interface FlowItem {
  id: string;
  text: string;
}

export interface QuestionFlowProps {
  items: FlowItem[];
  /** Answers already given (a resumed take starts at the first item without one). */
  initial: Record<string, number>;
  /** The question above each statement, e.g. "How accurately does this describe you?". */
  prompt: string;
  /** Called when the player moves on from an item; a rejection keeps them on it. */
  onAnswer?: (itemId: string, value: number) => Promise<void>;
  /** Called with every answer after the last item. */
  onFinish: (answers: Record<string, number>) => Promise<void>;
  finishLabel: string;
}

/** One statement per screen: a 5-point scale as radio buttons, progress, back and next. */
export function QuestionFlow({ items, initial, prompt, onAnswer, onFinish, finishLabel }: QuestionFlowProps) {
  const [answers, setAnswers] = useState<Record<string, number>>(initial);
  const [index, setIndex] = useState(() => {
    const first = items.findIndex((i) => initial[i.id] === undefined);
    return first === -1 ? items.length - 1 : first;
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const name = useId();
  const item = items[index]!;
  const value = answers[item.id];
  const last = index === items.length - 1;
  const answered = items.filter((i) => answers[i.id] !== undefined).length;

  // Moving to the next statement moves focus to it, so a screen reader reads it out.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  async function next() {
    if (value === undefined) return;
    setBusy(true);
    setError(null);
    try {
      await onAnswer?.(item.id, value);
      if (last) await onFinish(answers);
      else setIndex(index + 1);
    } catch {
      setError("Couldn't save that answer. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="as-flow">
      <div className="as-progress">
        <span id={`${name}-progress`}>
          Question {index + 1} of {items.length}
        </span>
        <progress
          className="as-progress__bar"
          max={items.length}
          value={answered}
          aria-labelledby={`${name}-progress`}
          aria-valuetext={`${answered} of ${items.length} answered`}
        />
      </div>
      <form
        className="as-question"
        onSubmit={(e) => {
          e.preventDefault();
          void next();
        }}
      >
        <fieldset className="as-question__set">
          <legend className="as-question__legend">
            <span className="as-question__prompt">{prompt}</span>
            <h2 className="as-question__text" tabIndex={-1} ref={headingRef} data-testid="question-text">
              {item.text}
            </h2>
          </legend>
          <div className="as-scale">
            {LIKERT_LABELS.map((label, i) => {
              const v = i + 1;
              return (
                <label key={v} className={`as-scale__option${value === v ? ' is-selected' : ''}`}>
                  <input
                    type="radio"
                    name={`${name}-${item.id}`}
                    value={v}
                    checked={value === v}
                    onChange={() => setAnswers((a) => ({ ...a, [item.id]: v }))}
                  />
                  <span className="as-scale__dot" aria-hidden="true" />
                  <span>{label}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {error && (
          <p className="as-error" role="alert">
            {error}
          </p>
        )}
        <div className="as-question__nav">
          <Button
            type="button"
            variant="secondary"
            disabled={index === 0 || busy}
            onClick={() => {
              setError(null);
              setIndex(index - 1);
            }}
          >
            <IconArrowLeft size={18} aria-hidden="true" /> Back
          </Button>
          <Button type="submit" disabled={value === undefined || busy} loading={busy}>
            {last ? finishLabel : 'Next'} {!last && <IconArrowRight size={18} aria-hidden="true" />}
          </Button>
        </div>
      </form>
    </div>
  );
}
