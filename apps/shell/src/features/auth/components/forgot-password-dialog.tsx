import { useState } from 'react';
import type { FormEvent } from 'react';
import { validateEmail } from '@vere/domain';
import { isApiError } from '@vere/web-session';
import { requestPasswordReset } from '@vere/web-session/accounts';
import { Button, Dialog, TextField, notify } from '@vere/web-ui';

export const RESET_EMAIL_SENT = 'Password reset email sent! Check your inbox.';
export const RESET_EMAIL_FAILED = 'Failed to send reset email. Please try again.';

/** "Reset Password", opened from the sign-in form (spec §2). */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose(): void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const verdict = validateEmail(email);
    if (!verdict.ok) return setError(verdict.reason);
    setPending(true);
    try {
      await requestPasswordReset(email);
      notify.success(RESET_EMAIL_SENT);
      onClose();
    } catch (cause) {
      if (isApiError(cause) && cause.field === 'email') setError(cause.message);
      else notify.error(RESET_EMAIL_FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} title="Reset Password" onClose={() => !pending && onClose()}>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="auth__subtitle">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
        <TextField
          label="Email"
          name="reset-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="lg" block loading={pending}>
          Send Reset Link
        </Button>
      </form>
    </Dialog>
  );
}
