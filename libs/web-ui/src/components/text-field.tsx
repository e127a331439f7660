import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Rendered inside the field's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
  id?: string;
}

export function TextField({ label, error, hint, trailing, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('vui-field', error && 'vui-field--invalid', className)}>
      <label className="vui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="vui-field__control">
        <input
          id={inputId}
          className="vui-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        {trailing ? <div className="vui-field__trailing">{trailing}</div> : null}
      </div>
      {error ? (
        <p className="vui-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <div className="vui-field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
