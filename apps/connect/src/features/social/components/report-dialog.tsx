import { useEffect, useId, useState } from 'react';
import type { ReportBody, ReportReason } from '@vere/contracts';
import { Banner, Button, Dialog, notify } from '@vere/web-ui';
import { useCreateReport } from '../api/create-report';

export const REPORT_REASONS: Array<{ value: ReportReason; label: string }> = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'hate', label: 'Hate speech' },
  { value: 'sexual_content', label: 'Sexual content' },
  { value: 'violence', label: 'Violence or threats' },
  { value: 'self_harm', label: 'Self-harm' },
  { value: 'impersonation', label: 'Impersonation' },
  { value: 'other', label: 'Something else' },
];

export const REPORT_DETAILS_MAX = 500;

export interface ReportDialogProps {
  open: boolean;
  kind: ReportBody['kind'];
  targetId: string;
  /** Who or what is reported, for the title ("Report Ada", "Report this post"). */
  subject: string;
  onClose(): void;
  onReported?(): void;
}

export function ReportDialog({ open, kind, targetId, subject, onClose, onReported }: ReportDialogProps) {
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const detailsId = useId();
  const reasonId = useId();
  useEffect(() => {
    if (open) {
      setReason('');
      setDetails('');
      setMissing(false);
      report.reset();
    }
    // Only reopening resets the form.
  }, [open]);

  const submit = () => {
    if (!reason) return setMissing(true);
    const trimmed = details.trim();
    report.mutate(
      { kind, targetId, reason, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: () => {
          notify.success("Thanks. We'll review your report, and you won't see this again.");
          onReported?.();
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={`Report ${subject}`}
      onClose={() => !report.isPending && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={report.isPending} onClick={submit}>
            Send Report
          </Button>
        </>
      }
    >
      <form
        className="cn-dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="cn-reasons" aria-describedby={missing ? reasonId : undefined}>
          <legend className="vui-field__label">Why are you reporting this?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.value} className="cn-reason">
              <input
                type="radio"
                name="report-reason"
                value={r.value}
                checked={reason === r.value}
                onChange={() => {
                  setReason(r.value);
                  setMissing(false);
                }}
              />
              {r.label}
            </label>
          ))}
          {missing ? (
            <p className="vui-field__error" id={reasonId}>
              Pick a reason.
            </p>
          ) : null}
        </fieldset>
        <div className="vui-field">
          <label className="vui-field__label" htmlFor={detailsId}>
            Details (optional)
          </label>
          <textarea
            id={detailsId}
            className="vui-field__input cn-textarea"
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
          <p className="vui-field__hint">
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
        </div>
        {report.isError ? <Banner>We couldn't send your report. Please try again.</Banner> : null}
      </form>
    </Dialog>
  );
}
