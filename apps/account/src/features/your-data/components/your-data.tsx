import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from '@vere/web-router';
import { isApiError } from '@vere/web-session';
import { Button, Card, Dialog, IconAlert, TextField, notify } from '@vere/web-ui';
import { deleteAccount } from '../api/delete-account';
import { downloadMyData } from '../api/download-my-data';

export const EXPORT_FAILED = 'Could not gather your data. Please try again.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/** Settings › Your data: download everything the services hold, or delete the account. */
export function YourData() {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const data = await downloadMyData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `vere-data-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify.error(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
    setDeleting(true);
    try {
      await deleteAccount(password);
      notify.success(ACCOUNT_DELETED);
      navigate('/auth', { replace: true });
    } catch (cause) {
      setError(
        isApiError(cause) && cause.code === 'PASSWORD_INCORRECT'
          ? cause.message
          : isApiError(cause)
            ? cause.message
            : 'Could not delete your account. Please try again.',
      );
      setDeleting(false);
    }
  };

  return (
    <section className="vui-section" aria-labelledby="ac-your-data">
      <h2 id="ac-your-data" className="vui-section__title">
        Your data
      </h2>
      <Card className="ac-data">
        <div className="ac-data__row">
          <div>
            <p className="ac-data__title">Download my data</p>
            <p className="ac-muted">Your account, sessions, XP, pods and plan, as one JSON file.</p>
          </div>
          <Button variant="secondary" loading={exporting} onClick={() => void download()}>
            Download my data
          </Button>
        </div>
        <div className="ac-data__row">
          <div>
            <p className="ac-data__title">Delete my account</p>
            <p className="ac-muted">Your account and everything linked to it are erased. This cannot be undone.</p>
          </div>
          <Button
            variant="danger"
            onClick={() => {
              setPassword('');
              setError(null);
              setConfirming(true);
            }}
          >
            Delete my account
          </Button>
        </div>
      </Card>
      <Dialog open={confirming} title="Delete your account?" onClose={() => !deleting && setConfirming(false)}>
        <form className="ac-delete" noValidate onSubmit={(e) => void remove(e)}>
          <p className="ac-delete__warning">
            <IconAlert size={18} /> Your profile, XP, pod memberships and plan will be erased, and you will be signed
            out.
          </p>
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            error={error}
          />
          <div className="ac-delete__actions">
            <Button variant="ghost" disabled={deleting} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={deleting}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
