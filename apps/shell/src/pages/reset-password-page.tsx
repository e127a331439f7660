import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '@vere/web-router';
import { passwordStrength } from '@vere/domain';
import { isApiError } from '@vere/web-session';
import { resetPassword } from '@vere/web-session/accounts';
import { Button, notify } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { PasswordField } from '../features/auth/components/password-field';
import { PasswordStrengthMeter } from '../features/auth/components/password-strength-meter';
import { AuthSingleCard } from '../features/auth/components/auth-single-card';

export const RESET_DONE = 'Password reset successfully! You can now log in with your new password.';
export const RESET_FAILED = 'Failed to reset password';

/** /reset-password?token=… (spec §2): a new Strong password, typed twice. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  useDocumentTitle('Reset password');

  useEffect(() => {
    if (!token) notify.error('Invalid reset link');
  }, [token]);
  if (!token) return <Navigate to="/auth" replace />;

  const mismatch = confirm.length > 0 && confirm !== password;
  const canSubmit = passwordStrength(password) === 'Strong' && password === confirm && !pending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirm) return notify.error('Passwords do not match');
    if (!canSubmit) return;
    setPending(true);
    try {
      await resetPassword(token, password);
      notify.success(RESET_DONE);
      navigate('/auth', { replace: true });
    } catch (cause) {
      notify.error(isApiError(cause) && cause.status < 500 ? cause.message : RESET_FAILED);
      setPending(false);
    }
  };

  return (
    <AuthSingleCard>
      <header className="auth__header">
        <h1>Choose a new password</h1>
        <p className="auth__subtitle">Make it strong: you will use it to sign in from now on.</p>
      </header>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<PasswordStrengthMeter password={password} />}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={mismatch ? 'Passwords do not match' : null}
        />
        <Button type="submit" size="lg" block loading={pending} disabled={!canSubmit}>
          Reset Password
        </Button>
      </form>
      <p className="auth__switch">
        <Link className="auth__switch-link" to="/auth">
          Back to Login
        </Link>
      </p>
    </AuthSingleCard>
  );
}
