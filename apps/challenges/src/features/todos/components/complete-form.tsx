import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { CompleteTodoBody, CompleteTodoResult, Todo } from '@vere/contracts';
import { proofProblem } from '@vere/domain';
import { dispatchAppEvent } from '@vere/web-kit';
import { isApiError, actionErrorMessage } from '@vere/web-session';
import { Button, celebrate, notify } from '@vere/web-ui';
import { progressQueryKey } from '../../../shared/api/get-progress';
import { PhotoRejected, uploadProofPhoto } from '@vere/web-kit';
import { ProofPhotoField } from '../../../shared/components/proof-photo-field';
import { levelUpMessage } from '../../../shared/utils/level-up-message';
import { completeTodo } from '../api/complete-todo';
import { todosQueryKey } from '../api/get-todos';

type ProofType = CompleteTodoBody['proofType'];

export const COMPLETE_FAILED = 'Failed to complete challenge. Please try again.';

const PROOF_TYPES: Array<{ value: ProofType; label: string }> = [
  { value: 'text', label: 'Text' },
  { value: 'photo', label: 'Photo' },
  { value: 'both', label: 'Both' },
];

/** After a completion every part of the page that shows XP or to-dos follows (spec §7.3). */
export function announceCompletion(todo: Todo, result: CompleteTodoResult): void {
  dispatchAppEvent('xp-updated', {
    totalXP: result.progress.totalXP,
    level: result.progress.currentLevel,
    xpAwarded: result.xpAwarded,
  });
  dispatchAppEvent('challenge-completed', { todoId: todo.id });
  dispatchAppEvent('todo-updated', { todoId: todo.id, change: 'completed' });
}

/**
 * Proof for one to-do: Text, Photo or Both (spec §5). The service checks the proof and answers the
 * spec's three messages, shown here next to the form; photos go up first, then their id.
 */
export interface CompleteFormProps {
  todo: Todo;
  /** The form is finished with (completed, cancelled, or the to-do is gone). */
  onDone(): void;
  /** The server's success message. */
  onCompleted?(message: string): void;
  /** Called before the Level Up overlay shows, so a modal around the form can make way for it. */
  onLevelUp?(): void;
}

export function CompleteForm({ todo, onDone, onCompleted, onLevelUp }: CompleteFormProps) {
  const client = useQueryClient();
  const ids = useId();
  const [proofType, setProofType] = useState<ProofType>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const wantsText = proofType !== 'photo';
  const wantsPhoto = proofType !== 'text';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server refuses an incomplete proof; the form says so first and sends nothing (issue 22).
    const problem = proofProblem(proofType, text.trim() !== '', file !== null);
    if (problem) {
      setError(problem.message);
      document.getElementById(problem.field === 'proofText' ? `${ids}-text` : `${ids}-photo`)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const photoId = wantsPhoto && file ? (await uploadProofPhoto(file)).id : undefined;
      const body: CompleteTodoBody = {
        proofType,
        ...(wantsText ? { proofText: text } : {}),
        ...(photoId ? { photoId } : {}),
      };
      const result = await completeTodo(todo.id, body);
      client.setQueryData(progressQueryKey, (old: object | undefined) => ({ ...old, ...result.progress }));
      notify.success(result.message);
      onCompleted?.(result.message);
      announceCompletion(todo, result);
      await client.invalidateQueries({ queryKey: todosQueryKey });
      onDone();
      if (result.levelUp) {
        onLevelUp?.();
        celebrate({ type: 'level', message: levelUpMessage(result.levelUp.level) });
      }
    } catch (cause) {
      if (cause instanceof PhotoRejected) setError(cause.message);
      else if (isApiError(cause) && cause.status === 400) setError(cause.message);
      else if (isApiError(cause) && cause.status > 400 && cause.status < 500) {
        notify.error(cause.message);
        void client.invalidateQueries({ queryKey: todosQueryKey });
        onDone();
      } else notify.error(actionErrorMessage(cause, COMPLETE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="ch-complete" onSubmit={(e) => void submit(e)} noValidate aria-label={`Complete ${todo.title}`}>
      <fieldset className="ch-complete__types">
        <legend>Proof</legend>
        {PROOF_TYPES.map(({ value, label }) => (
          <label key={value} className="ch-complete__type">
            <input
              type="radio"
              name={`${ids}-type`}
              value={value}
              checked={proofType === value}
              onChange={() => {
                setProofType(value);
                setError(null);
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {wantsText ? (
        <div className="ch-complete__field">
          <label htmlFor={`${ids}-text`}>Your reflection</label>
          <textarea
            id={`${ids}-text`}
            rows={3}
            maxLength={2000}
            value={text}
            placeholder="What did you do?"
            onChange={(e) => setText(e.target.value)}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
        </div>
      ) : null}
      {wantsPhoto ? (
        <ProofPhotoField
          id={`${ids}-photo`}
          label="Choose a photo"
          file={file}
          onPick={(picked) => {
            setFile(picked);
            setError(null);
          }}
          errorId={error ? `${ids}-error` : undefined}
        />
      ) : null}
      {error ? (
        <p id={`${ids}-error`} className="ch-complete__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ch-complete__actions">
        <Button type="submit" size="sm" loading={saving}>
          Submit proof
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
