import { useId, useState } from 'react';
import type { PodLogEntry, PodReactionCount } from '@vere/contracts';
import {
  POD_COMMENT_MAX_LENGTH,
  POD_REACTIONS,
  POD_REACTION_DISPLAY,
  podCommentLength,
  validatePodComment,
  type PodReaction,
} from '@vere/domain';
import { Button } from '@vere/web-ui';
import { errorMessage } from '../../../shared/utils/error-message';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useSetReaction } from '../api/set-reaction';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The proof photo of a log entry: a short-lived signed link the pod page hands members only. A link
 * that expired while the page stayed open fails to load; the next re-read of the pod brings a fresh one.
 */
export function ProofPhoto({ url, author }: { url: string; author: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="cn-muted cn-small">The photo could not be loaded. Reload the page to try again.</p>;
  return (
    <img
      className="cn-log__photo"
      src={url}
      alt={`${author}'s proof photo`}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** Every kind in order, zero when the server sent none (an older answer). */
const countsOf = (entry: PodLogEntry): PodReactionCount[] =>
  POD_REACTIONS.map((kind) => entry.reactions?.find((r) => r.kind === kind) ?? { kind, count: 0, mine: false });

/** 🔥 👏 💪: toggle buttons (aria-pressed), one of each per member. */
export function Reactions({ podId, entry }: { podId: string; entry: PodLogEntry }) {
  const react = useSetReaction(podId);
  const [error, setError] = useState<string | null>(null);
  const toggle = (kind: PodReaction, on: boolean) => {
    setError(null);
    react.mutate({ entryId: entry.id, kind, on }, { onError: (e) => setError(errorMessage(e)) });
  };
  return (
    <div className="cn-reactions" role="group" aria-label={`Reactions to ${entry.user.name}'s post`}>
      {countsOf(entry).map((r) => {
        const { emoji, label } = POD_REACTION_DISPLAY[r.kind];
        const busy = react.isPending && react.variables?.kind === r.kind && react.variables.entryId === entry.id;
        return (
          <button
            key={r.kind}
            type="button"
            className={r.mine ? 'cn-reaction cn-reaction--mine' : 'cn-reaction'}
            aria-pressed={r.mine}
            aria-label={`${label}: ${r.count} ${r.count === 1 ? 'reaction' : 'reactions'}`}
            aria-busy={busy || undefined}
            data-testid={`reaction-${r.kind}`}
            onClick={() => !busy && toggle(r.kind, !r.mine)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="cn-reaction__count" aria-hidden="true">
              {r.count}
            </span>
          </button>
        );
      })}
      {error ? (
        <p className="vui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The entry's comments (oldest first), delete for one's own, and a one-line form to add one. */
export function Comments({ podId, entry, me }: { podId: string; entry: PodLogEntry; me: string | undefined }) {
  const add = useAddComment(podId);
  const remove = useDeleteComment(podId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const comments = entry.comments ?? [];
  const verdict = validatePodComment(text);
  const localError =
    text.trim() !== '' && !verdict.ok && podCommentLength(text) > POD_COMMENT_MAX_LENGTH ? verdict.reason : null;
  const shownError = localError ?? error;
  const submit = () => {
    if (add.isPending || !verdict.ok) return;
    setError(null);
    add.mutate(
      { entryId: entry.id, body: text },
      { onSuccess: () => setText(''), onError: (e) => setError(errorMessage(e)) },
    );
  };
  return (
    <div className="cn-comments">
      {comments.length > 0 ? (
        <ul className="cn-comments__list" aria-label={`Comments on ${entry.user.name}'s post`}>
          {comments.map((c) => (
            <li key={c.id} className="cn-comment" data-testid="pod-comment">
              <p className="cn-comment__head">
                <span className="cn-comment__name">{c.user.name}</span>{' '}
                <time className="cn-comment__time" dateTime={c.createdAt}>
                  {timeFormat.format(new Date(c.createdAt))}
                </time>
              </p>
              <p className="cn-comment__body">{c.body}</p>
              {c.user.id === me ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="cn-comment__delete"
                  aria-label="Delete your comment"
                  loading={remove.isPending && remove.variables?.commentId === c.id}
                  onClick={() => remove.mutate({ entryId: entry.id, commentId: c.id })}
                >
                  Delete
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="cn-comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="vui-visually-hidden">
          {`Comment on ${entry.user.name}'s post`}
        </label>
        <input
          id={inputId}
          className="vui-field__input cn-comment-form__input"
          placeholder="Add a comment"
          value={text}
          maxLength={POD_COMMENT_MAX_LENGTH * 2}
          autoComplete="off"
          enterKeyHint="send"
          readOnly={add.isPending}
          aria-invalid={localError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" size="sm" variant="secondary" loading={add.isPending} disabled={!verdict.ok}>
          Post
        </Button>
      </form>
      {shownError ? (
        <p id={errorId} className="vui-field__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
