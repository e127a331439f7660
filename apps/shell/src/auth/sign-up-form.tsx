import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { validateEmail, validateName } from '@vere/domain';
import { useSession } from '@vere/web-session';
import { Banner, Button, TextField, notify } from '@vere/web-ui';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { signUpError } from './map-auth-error';
import type { AuthField, AuthFormError } from './map-auth-error';
import { canSubmitSignUp } from './sign-up-rules';
import { useShake } from './use-shake';

export function SignUpForm({ headingId }: { headingId: string }) {
  const signUp = useSession((s) => s.signUp);
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthFormError | null>(null);
  const { shakeClass, shake } = useShake();

  const set = (field: AuthField) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (error?.field === field) setError(null);
  };
  const mismatch = values.confirmPassword.length > 0 && values.confirmPassword !== values.password;
  const fieldError = (field: AuthField) => (error?.field === field ? error.message : null);
  const canSubmit = canSubmitSignUp(values);

  function fail(next: AuthFormError) {
    setError(next);
    shake();
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const name = validateName(values.name);
    if (!name.ok) return fail({ field: 'name', message: name.reason });
    const email = validateEmail(values.email);
    if (!email.ok) return fail({ field: 'email', message: email.reason });
    setPending(true);
    setError(null);
    try {
      await signUp({ name: values.name, email: values.email, password: values.password });
      notify.success('Account created! Welcome to Vere!');
    } catch (cause) {
      fail(signUpError(cause));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={`auth-form ${shakeClass}`} aria-labelledby={headingId} noValidate onSubmit={(e) => void submit(e)}>
      {error && !error.field ? <Banner>{error.message}</Banner> : null}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        placeholder="What should we call you?"
        value={values.name}
        onChange={set('name')}
        error={fieldError('name')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={values.email}
        onChange={set('email')}
        error={fieldError('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        placeholder="Make it strong"
        value={values.password}
        onChange={set('password')}
        error={fieldError('password')}
        hint={<PasswordStrengthMeter password={values.password} />}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        placeholder="Type it again"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={mismatch ? 'Passwords do not match' : fieldError('confirmPassword')}
      />
      <Button type="submit" size="lg" block loading={pending} disabled={!canSubmit}>
        Create Account
      </Button>
    </form>
  );
}
