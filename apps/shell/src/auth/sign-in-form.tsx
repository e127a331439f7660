import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSession } from '@vere/web-session';
import { Banner, Button, TextField, notify } from '@vere/web-ui';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordField } from './password-field';
import { signInError } from './map-auth-error';
import type { AuthField, AuthFormError } from './map-auth-error';
import { useShake } from './use-shake';

export function SignInForm({ headingId }: { headingId: string }) {
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthFormError | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { shakeClass, shake } = useShake();

  const fieldError = (field: AuthField) => (error?.field === field ? error.message : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return fail({ field: 'email', message: 'Please enter your email address' });
    if (!password) return fail({ field: 'password', message: 'Please enter your password' });
    setPending(true);
    setError(null);
    try {
      await signIn(email, password);
      notify.success('Logged in successfully!');
    } catch (cause) {
      fail(signInError(cause));
    } finally {
      setPending(false);
    }
  };

  function fail(next: AuthFormError) {
    setError(next);
    shake();
  }

  return (
    <>
      <form className={`auth-form ${shakeClass}`} aria-labelledby={headingId} noValidate onSubmit={(e) => void submit(e)}>
        {error && !error.field ? <Banner>{error.message}</Banner> : null}
        <TextField
          label="Email"
        name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError('email')}
        />
        <PasswordField
          label="Password"
        name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError('password')}
        />
        <button type="button" className="auth__forgot" onClick={() => setForgotOpen(true)}>
          Forgot password?
        </button>
        <Button type="submit" size="lg" block loading={pending}>
          Sign In
        </Button>
      </form>
      {/* Outside the sign-in form: a form inside a form would submit both. */}
      {forgotOpen ? <ForgotPasswordDialog open initialEmail={email} onClose={() => setForgotOpen(false)} /> : null}
    </>
  );
}
