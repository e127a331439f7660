import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_COUNTER_FROM, CHAT_MESSAGE_MAX_LENGTH, chatMessageLength, validateChatMessage } from '@vere/domain';
import { Button } from '@vere/web-ui';

export interface ComposerProps {
  friendName: string;
  sending: boolean;
  /** Sends the text; resolves true when it was stored (the composer then clears). */
  onSend(text: string): Promise<boolean>;
  /** The last send's failure, as the server put it (rate limit) or ours. */
  error: string | null;
}

/** Enter sends, Shift+Enter starts a new line; the counter shows from 900 characters on. */
export function Composer({ friendName, sending, onSend, error }: ComposerProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const length = chatMessageLength(text);
  const over = length > CHAT_MESSAGE_MAX_LENGTH;
  const verdict = validateChatMessage(text);
  const localError = text.trim() !== '' && !verdict.ok ? verdict.reason : null;

  const submit = async () => {
    if (sending || !verdict.ok) return;
    if (await onSend(text)) setText('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const shownError = localError ?? error;
  const describedBy =
    [length >= CHAT_COUNTER_FROM ? counterId : '', shownError ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="cn-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="cn-composer__row">
        <label htmlFor={inputId} className="vui-visually-hidden">
          Message {friendName}
        </label>
        <textarea
          ref={input}
          id={inputId}
          className="cn-composer__input"
          rows={1}
          placeholder={`Message ${friendName}`}
          value={text}
          readOnly={sending}
          aria-busy={sending || undefined}
          aria-invalid={over || undefined}
          aria-describedby={describedBy}
          enterKeyHint="send"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" loading={sending} disabled={!verdict.ok}>
          Send
        </Button>
      </div>
      <div className="cn-composer__foot">
        <span className="cn-muted cn-small cn-composer__hint">Enter to send · Shift+Enter for a new line</span>
        {length >= CHAT_COUNTER_FROM ? (
          <span id={counterId} className={over ? 'cn-composer__count cn-composer__count--over' : 'cn-composer__count'}>
            {length}/{CHAT_MESSAGE_MAX_LENGTH}
          </span>
        ) : null}
      </div>
      {shownError ? (
        <p id={errorId} className="vui-field__error cn-composer__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </form>
  );
}
