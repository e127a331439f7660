import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { CompletePlaybookStepBody, PlaybookStep } from '@vere/contracts';
import { Button, IconCamera, IconCheck, IconSparkles, IconX } from '@vere/web-ui';
import { PHOTO_TYPES, PhotoRejected, uploadProofPhoto } from '@vere/web-kit';

export interface StepScreenProps {
  step: PlaybookStep;
  /** May the caller complete it now (the playbook open to them)? */
  canComplete: boolean;
  /** Sends the body; resolves when done, rejects with the error to show (a 400's message). */
  onComplete(body: CompletePlaybookStepBody): Promise<void>;
}

/** An insight: the read, its one takeaway, and "I've read it". */
export function InsightScreen({ step, canComplete, onComplete }: StepScreenProps) {
  const [saving, setSaving] = useState(false);
  return (
    <>
      <div className="pb-read">
        {step.body.split(/\n{2,}/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {step.takeaway ? (
        <aside className="pb-takeaway" aria-label="Takeaway">
          <IconSparkles size={18} aria-hidden="true" />
          <p>
            <strong>Takeaway:</strong> {step.takeaway}
          </p>
        </aside>
      ) : null}
      {!step.done && canComplete ? (
        <Button
          loading={saving}
          onClick={async () => {
            setSaving(true);
            await onComplete({}).catch(() => undefined);
            setSaving(false);
          }}
        >
          I've read it · +{step.xp} XP
        </Button>
      ) : null}
    </>
  );
}

/** A quiz: one radio group per question; the server scores it and explains each answer. */
export function QuizScreen({ step, canComplete, onComplete }: StepScreenProps) {
  const ids = useId();
  const questions = step.questions ?? [];
  const [answers, setAnswers] = useState<Array<number | undefined>>(() => questions.map(() => undefined));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const results = step.results;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = answers.findIndex((a) => a === undefined);
    if (missing !== -1) {
      setError(`Please choose an answer for question ${missing + 1}.`);
      document.getElementById(`${ids}-q${missing}-0`)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    await onComplete({ answers: answers as number[] }).catch((cause: Error) => setError(cause.message));
    setSaving(false);
  };

  if (results) {
    const right = results.filter((r) => r.correct).length;
    return (
      <div className="pb-quiz">
        <p className="pb-quiz__score" role="status" data-testid="quiz-score">
          {right} of {results.length} right · +{step.xpEarned} XP
        </p>
        <ol className="pb-quiz__results">
          {questions.map((q, i) => {
            const r = results[i]!;
            return (
              <li key={i} className={`pb-quiz__result${r.correct ? ' is-right' : ' is-wrong'}`}>
                <p className="pb-quiz__prompt">{q.prompt}</p>
                <p className="pb-quiz__verdict">
                  {r.correct ? <IconCheck size={16} aria-hidden="true" /> : <IconX size={16} aria-hidden="true" />}{' '}
                  {r.correct ? 'Right: ' : `Your answer: ${q.choices[r.chosen]}. The answer: `}
                  <strong>{q.choices[r.answer]}</strong>
                </p>
                <p className="pb-quiz__explanation">{r.explanation}</p>
              </li>
            );
          })}
        </ol>
      </div>
    );
  }
  return (
    <form className="pb-quiz" onSubmit={(e) => void submit(e)} noValidate aria-label={step.title}>
      {questions.map((q, i) => (
        <div key={i} className="pb-quiz__card">
          <fieldset className="pb-quiz__question">
            <legend className="pb-quiz__prompt">
              <span className="vui-visually-hidden">
                Question {i + 1} of {questions.length}:{' '}
              </span>
              {q.prompt}
            </legend>
            {q.choices.map((choice, c) => (
              <label key={c} className="pb-choice">
                <input
                  id={`${ids}-q${i}-${c}`}
                  type="radio"
                  name={`${ids}-q${i}`}
                  checked={answers[i] === c}
                  disabled={!canComplete}
                  onChange={() => {
                    setAnswers((prev) => prev.map((a, n) => (n === i ? c : a)));
                    setError(null);
                  }}
                />
                <span>{choice}</span>
              </label>
            ))}
          </fieldset>
        </div>
      ))}
      {error ? (
        <p className="pb-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {canComplete ? (
        <Button type="submit" loading={saving}>
          Check my answers
        </Button>
      ) : null}
    </form>
  );
}

/** A mini-challenge: what to do, and its proof (text, photo or both, as the step asks). */
export function ChallengeScreen({ step, canComplete, onComplete }: StepScreenProps) {
  const ids = useId();
  const proofType = step.proofType ?? 'text';
  const wantsText = proofType !== 'photo';
  const wantsPhoto = proofType !== 'text';
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const photoId = wantsPhoto && file ? (await uploadProofPhoto(file)).id : undefined;
      await onComplete({
        proofType,
        ...(wantsText ? { proofText: text } : {}),
        ...(photoId ? { photoId } : {}),
      });
    } catch (cause) {
      setError(cause instanceof PhotoRejected || cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <p className="pb-challenge__body">{step.body}</p>
      {step.done ? (
        <div className="pb-proof" data-testid="challenge-proof">
          <h2 className="pb-proof__title">Your proof</h2>
          {step.proofPhotoUrl ? (
            <img className="pb-proof__photo" src={step.proofPhotoUrl} alt="Your proof photo" />
          ) : null}
          {step.proofText ? <p>{step.proofText}</p> : null}
        </div>
      ) : canComplete ? (
        <form className="pb-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Complete ${step.title}`}>
          {wantsText ? (
            <div className="pb-form__field">
              <label htmlFor={`${ids}-text`}>What did you do?</label>
              <textarea
                id={`${ids}-text`}
                rows={4}
                maxLength={2000}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-describedby={error ? `${ids}-error` : undefined}
              />
            </div>
          ) : null}
          {wantsPhoto ? (
            <div className="pb-form__field">
              <label htmlFor={`${ids}-photo`} className="pb-form__photo-label">
                <IconCamera size={18} aria-hidden="true" /> Choose a photo
              </label>
              <input
                id={`${ids}-photo`}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setError(null);
                }}
                aria-describedby={error ? `${ids}-error` : undefined}
              />
            </div>
          ) : null}
          {error ? (
            <p id={`${ids}-error`} className="pb-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={saving}>
            Submit proof · +{step.xp} XP
          </Button>
        </form>
      ) : null}
    </>
  );
}

/** A reflection: private free text, only ever shown to its author. */
export function ReflectionScreen({ step, canComplete, onComplete }: StepScreenProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    await onComplete({ reflection: text }).catch((cause: Error) => setError(cause.message));
    setSaving(false);
  };
  return (
    <>
      <p className="pb-challenge__body">{step.body}</p>
      {step.done ? (
        <div className="pb-proof">
          <h2 className="pb-proof__title">Your reflection (only you can see it)</h2>
          <p className="pb-proof__text">{step.reflection}</p>
        </div>
      ) : canComplete ? (
        <form className="pb-form" onSubmit={(e) => void submit(e)} noValidate aria-label={step.title}>
          <div className="pb-form__field">
            <label htmlFor={`${ids}-text`}>Your reflection (private: only you can see it)</label>
            <textarea
              id={`${ids}-text`}
              rows={6}
              maxLength={4000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={error ? `${ids}-error` : undefined}
            />
          </div>
          {error ? (
            <p id={`${ids}-error`} className="pb-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={saving}>
            Save reflection · +{step.xp} XP
          </Button>
        </form>
      ) : null}
    </>
  );
}
