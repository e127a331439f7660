import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { cx } from './class-names';
import { holdTabInside } from './focus-trap';
import { IconX } from './icons';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, the close button and a click on the backdrop all end up here. */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Label of the close button (the dialog title is added for screen readers). */
  closeLabel?: string;
}

/**
 * A modal on the browser's own <dialog>: focus moves in and is held there, the page behind is
 * inert, Escape closes, and focus returns to what had it before.
 */
export function Dialog({ open, title, onClose, children, footer, className, closeLabel = 'Close' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={cx('vui-dialog', className)}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the owner decides (it may be saving)
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current(); // the backdrop
      }}
      onKeyDown={holdTabInside}
    >
      {open ? (
        <>
          <header className="vui-dialog__header">
            <h2 className="vui-dialog__title" id={titleId}>
              {title}
            </h2>
            <button
              type="button"
              className="vui-dialog__close"
              aria-label={`${closeLabel}: ${title}`}
              onClick={() => onCloseRef.current()}
            >
              <IconX size={20} />
            </button>
          </header>
          {/* The body scrolls when it is taller than the screen: it takes focus, so the keyboard can scroll it too. */}
          <div className="vui-dialog__body" tabIndex={0}>
            {children}
          </div>
          {footer ? <footer className="vui-dialog__footer">{footer}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
