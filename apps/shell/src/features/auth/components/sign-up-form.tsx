import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { AvatarConfig } from '@vere/domain';
import { runtimeTimeZone, validateEmail, validateName } from '@vere/domain';
import { useUsernameCheck } from '@vere/web-kit';
import { useSession } from '@vere/web-session';
import { AvatarCreator, Banner, Button, IconCheck, TextField, notify } from '@vere/web-ui';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { signUpError } from '../utils/map-auth-error';
import type { AuthField, AuthFormError } from '../utils/map-auth-error';
import { canSubmitSignUp } from '../utils/sign-up-rules';
import { useShake } from '../hooks/use-shake';

export const SIGN_UP_SUCCESS = 'Account created successfully! Welcome to Vere';

/**
 * Spec §4: a valid form opens the avatar creator; Save Avatar creates the account with the avatar,
 * closing the creator creates it without one. Identity makes account and profile in one step.
 */
export function SignUpForm({ headingId }: { headingId: string }) {
  const signUp = useSession((s) => s.signUp);
  const [values, setValues] = useState({ name: '', email: '', username: '', password: '', confirmPassword: '' });
  const [pending, setPending] = useState(false);
  const [creatorOpen, setCreatorOpen] = useState(false);
  const [error, setError] = useState<AuthFormError | null>(null);
  const { shakeClass, shake } = useShake();
  const username = useUsernameCheck(values.username);

  const set = (field: AuthField) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (error?.field === field) setError(null);
  };
  const mismatch = values.confirmPassword.length > 0 && values.confirmPassword !== values.password;
  const fieldError = (field: AuthField) => (error?.field === field ? error.message : null);
  const usernameBlocks = username.state === 'invalid' || username.state === 'taken' || username.state === 'checking';
  const { username: _optional, ...required } = values;
  const canSubmit = canSubmitSignUp(required) && !usernameBlocks;

  function fail(next: AuthFormError) {
    setError(next);
    shake();
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || pending) return;
    const name = validateName(values.name);
    if (!name.ok) return fail({ field: 'name', message: name.reason });
    const email = validateEmail(values.email);
    if (!email.ok) return fail({ field: 'email', message: email.reason });
    setError(null);
    setCreatorOpen(true);
  };

  const create = async (avatarConfig: AvatarConfig | null) => {
    setPending(true);
    try {
      await signUp({
        name: values.name,
        email: values.email,
        password: values.password,
        ...(values.username.trim() ? { username: values.username } : {}),
        ...(avatarConfig ? { avatarConfig } : {}),
        // The user's day (swipe limits, the weekend window) runs in the browser's zone until they change it in Settings.
        timeZone: runtimeTimeZone(),
      });
      notify.success(SIGN_UP_SUCCESS);
    } catch (cause) {
      setCreatorOpen(false);
      fail(signUpError(cause));
    } finally {
      setPending(false);
    }
  };

  const usernameHint =
    username.state === 'checking' ? (
      <span className="auth__username-status">Checking…</span>
    ) : username.state === 'available' ? (
      <span className="auth__username-status auth__username-status--ok">
        <IconCheck size={14} /> Available
      </span>
    ) : (
      <span className="auth__username-status">Optional. We will pick one if you leave it empty.</span>
    );

  return (
    <>
      <form className={`auth-form ${shakeClass}`} aria-labelledby={headingId} noValidate onSubmit={submit}>
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
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="e.g. ana_runs"
          value={values.username}
          onChange={set('username')}
          error={username.message ?? fieldError('username')}
          hint={<span aria-live="polite">{usernameHint}</span>}
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
        <Button type="submit" size="lg" block loading={pending && !creatorOpen} disabled={!canSubmit}>
          Create Account
        </Button>
      </form>
      <AvatarCreator
        open={creatorOpen}
        seed={values.email.trim().toLowerCase() || values.name}
        name={values.name}
        saving={pending}
        onSave={(config) => void create(config)}
        onClose={() => {
          if (!pending) void create(null);
        }}
      />
    </>
  );
}
