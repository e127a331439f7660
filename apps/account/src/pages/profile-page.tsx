import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { UpdateProfileBody } from '@vere/contracts';
import type { AvatarConfig } from '@vere/domain';
import { BIO_MAX_LENGTH, validateBio, validateDisplayName, validateName } from '@vere/domain';
import { useUsernameCheck } from '@vere/web-kit';
import { isApiError, useSession } from '@vere/web-session';
import type { SessionUser } from '@vere/web-session';
import { Avatar, AvatarCreator, Banner, Button, Card, TextField, notify } from '@vere/web-ui';
import { PlanStatus } from '../features/billing/components/plan-status';
import { ProfileProgress } from '../features/progress/components/profile-progress';
import { saveProfile } from '../features/profile/api/save-profile';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';

// No photo link: only photos Vere serves itself are shown (decision 0035); the avatar stands in.
type Field = 'name' | 'displayName' | 'username' | 'bio';
type Values = Record<Field, string>;

const memberSince = (iso: string | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
};

const valuesOf = (user: SessionUser | null): Values => ({
  name: user?.name ?? '',
  displayName: user?.displayName ?? '',
  username: user?.username ?? '',
  bio: user?.bio ?? '',
});

/** The rules of libs/domain, as identity applies them; blank optional fields clear. */
function localErrors(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = validateName(values.name);
  if (!name.ok) errors.name = name.reason;
  const optional: Array<[Field, (v: string) => { ok: true } | { ok: false; reason: string }]> = [
    ['displayName', validateDisplayName],
    ['bio', validateBio],
  ];
  for (const [field, rule] of optional) {
    const verdict = values[field].trim() ? rule(values[field]) : { ok: true as const };
    if (!verdict.ok) errors[field] = verdict.reason;
  }
  return errors;
}

/** Only what changed goes to identity: blank optional text clears the field. */
function changesOf(before: Values, after: Values): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  if (after.name.trim() !== before.name) changes.name = after.name;
  if (after.username.trim().toLowerCase() !== before.username) changes.username = after.username;
  for (const field of ['displayName', 'bio'] as const) {
    if (after[field].trim() !== before[field]) changes[field] = after[field].trim() || null;
  }
  return changes;
}

export function ProfilePage() {
  const user = useSession((s) => s.user);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [serverError, setServerError] = useState<{ field: Field | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [creatorOpen, setCreatorOpen] = useState(false);
  const [savingAvatar, setSavingAvatar] = useState(false);
  const bioId = useId();
  const username = useUsernameCheck(values.username, user?.username);

  const saved = valuesOf(user);
  const errors = localErrors(values);
  const changes = changesOf(saved, values);
  const dirty = Object.keys(changes).length > 0;
  const usernameBlocks = username.state === 'invalid' || username.state === 'taken' || username.state === 'checking';
  const canSave = dirty && Object.keys(errors).length === 0 && !usernameBlocks && !saving;
  const errorFor = (field: Field) =>
    (values[field] !== saved[field] ? errors[field] : undefined) ??
    (serverError?.field === field ? serverError.message : null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverError?.field === field || !serverError?.field) setServerError(null);
  };

  async function save(body: UpdateProfileBody): Promise<boolean> {
    try {
      const next = await saveProfile(body);
      setValues(valuesOf(next));
      setServerError(null);
      notify.success(PROFILE_UPDATED);
      return true;
    } catch (cause) {
      const field = isApiError(cause) ? (cause.field?.split('.').pop() as Field | undefined) : undefined;
      const known = field && field in saved ? field : null;
      setServerError({
        field: known,
        message: isApiError(cause) && (known || cause.code === 'RATE_LIMITED') ? cause.message : PROFILE_UPDATE_FAILED,
      });
      if (!known) notify.error(PROFILE_UPDATE_FAILED);
      return false;
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    await save(changes);
    setSaving(false);
  };

  const saveAvatar = async (avatarConfig: AvatarConfig | null) => {
    setSavingAvatar(true);
    if (await save({ avatarConfig })) setCreatorOpen(false);
    setSavingAvatar(false);
  };

  const name = user?.name ?? 'User';
  const since = memberSince(user?.createdAt);
  return (
    <div className="vui-page ac-profile-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Profile</h1>
      </header>
      <Card className="ac-profile" padding="lg">
        <Avatar name={name} seed={user?.id} size="xl" config={user?.avatarConfig} photoUrl={user?.photoUrl} />
        <div className="ac-profile__text">
          <p className="ac-profile__name">{name}</p>
          <p className="ac-muted" data-testid="profile-username">
            {user?.username ? `@${user.username}` : null}
          </p>
          <p className="ac-muted">{user?.email}</p>
          {since ? <p className="ac-muted">Member since {since}</p> : null}
          <PlanStatus testId="profile-plan" />
          <ProfileProgress />
          <div className="ac-profile__actions">
            <Button variant="secondary" size="sm" onClick={() => setCreatorOpen(true)}>
              {user?.avatarConfig ? 'Edit Avatar' : 'Create Avatar'}
            </Button>
            {user?.avatarConfig ? (
              <Button
                variant="ghost"
                size="sm"
                loading={savingAvatar && !creatorOpen}
                onClick={() => void saveAvatar(null)}
              >
                Remove Avatar
              </Button>
            ) : null}
          </div>
        </div>
      </Card>

      <section className="vui-section" aria-labelledby="ac-edit-profile">
        <h2 id="ac-edit-profile" className="vui-section__title">
          Edit profile
        </h2>
        <Card padding="lg">
          <form className="ac-profile-form" noValidate onSubmit={(e) => void submit(e)}>
            {serverError && !serverError.field ? <Banner>{serverError.message}</Banner> : null}
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => set('name')(e.target.value)}
              error={errorFor('name')}
            />
            <TextField
              label="Display name"
              name="displayName"
              autoComplete="nickname"
              value={values.displayName}
              placeholder="Optional"
              onChange={(e) => set('displayName')(e.target.value)}
              error={errorFor('displayName')}
            />
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              onChange={(e) => set('username')(e.target.value)}
              error={username.message ?? errorFor('username')}
              hint={
                <span aria-live="polite">
                  {username.state === 'checking' ? 'Checking…' : username.state === 'available' ? 'Available' : null}
                </span>
              }
            />
            <div className={`vui-field${errorFor('bio') ? ' vui-field--invalid' : ''}`}>
              <label className="vui-field__label" htmlFor={bioId}>
                Bio
              </label>
              <div className="vui-field__control">
                <textarea
                  id={bioId}
                  name="bio"
                  className="vui-field__input ac-profile-form__bio"
                  rows={3}
                  placeholder="A line about you (optional)"
                  value={values.bio}
                  aria-invalid={errorFor('bio') ? true : undefined}
                  aria-describedby={`${bioId}-count${errorFor('bio') ? ` ${bioId}-error` : ''}`}
                  onChange={(e) => set('bio')(e.target.value)}
                />
              </div>
              {errorFor('bio') ? (
                <p className="vui-field__error" id={`${bioId}-error`}>
                  {errorFor('bio')}
                </p>
              ) : null}
              <p className="vui-field__hint" id={`${bioId}-count`}>
                {values.bio.trim().length} / {BIO_MAX_LENGTH}
              </p>
            </div>
            <div className="ac-profile-form__actions">
              <Button
                variant="ghost"
                disabled={!dirty || saving}
                onClick={() => {
                  setValues(saved);
                  setServerError(null);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!canSave}>
                Save Changes
              </Button>
            </div>
          </form>
        </Card>
      </section>

      <AvatarCreator
        open={creatorOpen}
        seed={user?.id ?? 'me'}
        name={name}
        initial={user?.avatarConfig}
        saving={savingAvatar}
        onSave={(config) => void saveAvatar(config)}
        onClose={() => {
          if (!savingAvatar) setCreatorOpen(false);
        }}
      />
    </div>
  );
}
