import type { ReactNode } from 'react';
import { Banner, Button, Dialog } from '@vere/web-ui';
import { errorMessage } from '../utils/error-message';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
  busy?: boolean;
  error?: unknown;
  danger?: boolean;
}

/** A yes/no question in the kit's Dialog (focus held inside, Escape closes unless busy). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="cn-dialog-body">
        {children}
        {error ? <Banner>{errorMessage(error)}</Banner> : null}
      </div>
    </Dialog>
  );
}
