import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSession } from '@vere/web-session';
import { Banner, Button, TextField, notify } from '@vere/web-ui';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordField } from './password-field';
import { signInError } from '../utils/map-auth-error';
import type { AuthField, AuthFormError } from '../utils/map-auth-error';
import { useShake } from '../hooks/use-shake';

export function SignInForm({ headingId }: { headingId: string }) {
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthFormError | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { shakeClass, shake } = useShake();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The form is in the prerendered HTML: what was typed (or autofilled) before the page came
    // alive is in the fields but not in state, and the next render would wipe it. Adopt it.
    const fields = formRef.current?.elements;
    const typed = (name: string) => {
      const field = fields?.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : '';
    };
    if (typed('email')) setEmail(typed('email'));
    if (typed('password')) setPassword(typed('password'));
  }, []);

  const fieldError = (field: AuthField) => (error?.field === field ? error.message : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // From the fields themselves: a submit held while the prerendered page loaded (see
    // prerender-handoff.ts) arrives before the state has caught up with what was typed.
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
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
      <form
        ref={formRef}
        className={`auth-form ${shakeClass}`}
        aria-labelledby={headingId}
        noValidate
        onSubmit={(e) => void submit(e)}
      >
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
