import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@vere/web-router';
import type { Challenge, ChallengeCategory, CreateChallengeBody, WeekAssignment } from '@vere/contracts';
import { isApiError } from '@vere/web-session';
import {
  Button,
  Card,
  EmptyState,
  ErrorCard,
  IconArrowLeft,
  IconLock,
  Skeleton,
  TextField,
  notify,
} from '@vere/web-ui';
import { useAssignWeek } from '../features/admin/api/assign-week';
import { useCreateChallenge } from '../features/admin/api/create-challenge';
import { useChallenges } from '../features/admin/api/get-challenges';
import { useRetireChallenge } from '../features/admin/api/retire-challenge';
import { useRotateWeek } from '../features/admin/api/rotate-week';
import { useUpdateChallenge } from '../features/admin/api/update-challenge';
import { useIsAdmin, weekNumberOf } from '../features/admin/utils/admin-role';

const CATEGORIES: ChallengeCategory[] = ['Exploration', 'Connection', 'Mindfulness'];
const failure = (cause: unknown) => (isApiError(cause) ? cause.message : 'Something went wrong. Please try again.');

const FIELDS = [
  { key: 'preview', label: 'Preview', rows: 2 },
  { key: 'why', label: 'Why', rows: 3 },
  { key: 'insight', label: 'Insight', rows: 3 },
  { key: 'challenge', label: 'Challenge', rows: 4, hint: 'Part 2 starts at "- Instead of".' },
  { key: 'reflection', label: 'Reflection', rows: 2 },
] as const;

/**
 * Weekly challenge management (issue 9) at /settings/admin, for access tokens carrying the admin
 * role: the catalogue, create, edit, retire, assign a week, rotate. quests enforces the role.
 */
export function WeeklyAdminPage() {
  const isAdmin = useIsAdmin();
  return (
    <div className="vui-page ac-admin">
      <Link to="/settings" className="vui-back-link">
        <IconArrowLeft size={18} /> Settings
      </Link>
      <header className="vui-page-header">
        <h1 className="vui-page-title">Weekly challenges</h1>
        <p className="vui-page-subtitle">The catalogue, its rotation and each week&apos;s challenge.</p>
      </header>
      {isAdmin ? (
        <Admin />
      ) : (
        <EmptyState
          icon={<IconLock size={32} />}
          title="You need admin access"
          description="This page is for Vere's admins. Ask one to grant you the role."
          headingLevel={2}
        />
      )}
    </div>
  );
}

function Admin() {
  const list = useChallenges();
  const [editing, setEditing] = useState<Challenge | 'new' | null>(null);
  const challenges = list.data?.challenges ?? [];

  return (
    <>
      <WeekTools challenges={challenges.filter((c) => c.isActive)} />
      <section className="vui-section" aria-labelledby="ac-admin-catalogue">
        <div className="ac-admin__row">
          <h2 id="ac-admin-catalogue" className="vui-section__title">
            Catalogue
          </h2>
          <Button size="sm" onClick={() => setEditing('new')}>
            New challenge
          </Button>
        </div>
        {editing ? (
          <ChallengeForm challenge={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
        {list.isPending ? (
          <Skeleton height="120px" />
        ) : list.isError ? (
          <ErrorCard
            title="Couldn't load the catalogue"
            message={failure(list.error)}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <ol className="ac-admin__list">
            {challenges.map((c) => (
              <ChallengeRow key={c.id} challenge={c} onEdit={() => setEditing(c)} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function ChallengeRow({ challenge, onEdit }: { challenge: Challenge; onEdit(): void }) {
  const retire = useRetireChallenge(challenge.id);
  const reactivate = useUpdateChallenge(challenge.id);
  const toggled = {
    onSuccess: (saved: Challenge) => notify.success(saved.isActive ? 'Challenge reactivated' : 'Challenge deactivated'),
    onError: (cause: unknown) => notify.error(failure(cause)),
  };
  const toggle = () =>
    challenge.isActive ? retire.mutate(undefined, toggled) : reactivate.mutate({ isActive: true }, toggled);
  return (
    <li>
      <Card className="ac-admin__item" data-testid="admin-challenge">
        <div className="ac-admin__item-text">
          <p className="ac-admin__item-title">
            <span className="ac-muted">#{challenge.sequence}</span> {challenge.title}
          </p>
          <p className="ac-muted">
            {challenge.category}
            {challenge.isActive ? '' : ' · Inactive'}
          </p>
        </div>
        <div className="ac-admin__actions">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${challenge.title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant={challenge.isActive ? 'ghost' : 'secondary'}
            loading={retire.isPending || reactivate.isPending}
            onClick={toggle}
            aria-label={`${challenge.isActive ? 'Deactivate' : 'Reactivate'} ${challenge.title}`}
          >
            {challenge.isActive ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      </Card>
    </li>
  );
}

type Draft = CreateChallengeBody;
const emptyDraft: Draft = {
  title: '',
  category: 'Exploration',
  preview: '',
  why: '',
  insight: '',
  challenge: '',
  reflection: '',
};

function ChallengeForm({ challenge, onDone }: { challenge: Challenge | null; onDone(): void }) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() =>
    challenge
      ? {
          title: challenge.title,
          category: challenge.category,
          preview: challenge.preview,
          why: challenge.why,
          insight: challenge.insight,
          challenge: challenge.challenge,
          reflection: challenge.reflection,
        }
      : emptyDraft,
  );
  const [error, setError] = useState<string | null>(null);
  const create = useCreateChallenge();
  const update = useUpdateChallenge(challenge?.id ?? '');
  const saving = create.isPending || update.isPending;
  const saved = {
    onSuccess: () => {
      notify.success(challenge ? 'Challenge saved' : 'Challenge created');
      onDone();
    },
    onError: (cause: unknown) => setError(failure(cause)),
  };
  const name = challenge ? `Edit ${challenge.title}` : 'New challenge';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const body = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as Draft;
    const missing = Object.entries(body).find(([, v]) => v === '');
    if (missing) return setError('Fill in every field.');
    if (challenge) update.mutate(body, saved);
    else create.mutate(body, saved);
  };
  return (
    <Card className="ac-admin__form">
      <form aria-label={name} onSubmit={submit} noValidate>
        <h3 className="ac-admin__form-title">{name}</h3>
        <TextField
          label="Title"
          value={draft.title}
          maxLength={120}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
        <div className="vui-field">
          <label className="vui-field__label" htmlFor={`${ids}-category`}>
            Category
          </label>
          <select
            id={`${ids}-category`}
            className="ac-admin__select"
            value={draft.category}
            onChange={(e) => setDraft({ ...draft, category: e.target.value as ChallengeCategory })}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {FIELDS.map((f) => (
          <div className="vui-field" key={f.key}>
            <label className="vui-field__label" htmlFor={`${ids}-${f.key}`}>
              {f.label}
            </label>
            <textarea
              id={`${ids}-${f.key}`}
              className="ac-admin__textarea"
              rows={f.rows}
              value={draft[f.key]}
              aria-describedby={'hint' in f ? `${ids}-${f.key}-hint` : undefined}
              onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
            />
            {'hint' in f ? (
              <p id={`${ids}-${f.key}-hint`} className="ac-muted">
                {f.hint}
              </p>
            ) : null}
          </div>
        ))}
        {error ? (
          <p role="alert" className="ac-admin__error">
            {error}
          </p>
        ) : null}
        <div className="ac-admin__actions">
          <Button type="submit" loading={saving}>
            {challenge ? 'Save changes' : 'Create challenge'}
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Assign a challenge to a week, or rotate a week to the next challenge in sequence. */
function WeekTools({ challenges }: { challenges: Challenge[] }) {
  const ids = useId();
  const thisWeek = weekNumberOf(new Date());
  const [week, setWeek] = useState(String(thisWeek + 1));
  const [challengeId, setChallengeId] = useState('');
  const weekNumber = Number(week);
  const validWeek = Number.isInteger(weekNumber) && weekNumber >= 1 && weekNumber <= 9999;
  const done = (a: WeekAssignment) =>
    notify.success(`Week ${a.weekNumber} (${a.startDate} – ${a.endDate}): ${a.title}`);
  const assign = useAssignWeek();
  const rotate = useRotateWeek();
  const answered = { onSuccess: done, onError: (cause: unknown) => notify.error(failure(cause)) };
  return (
    <section className="vui-section" aria-labelledby="ac-admin-weeks">
      <h2 id="ac-admin-weeks" className="vui-section__title">
        Weeks
      </h2>
      <Card className="ac-admin__form">
        <p className="ac-muted">This week (UTC) is week {thisWeek}. Weeks run Sunday to Saturday.</p>
        <TextField
          label="Week number"
          inputMode="numeric"
          value={week}
          onChange={(e) => setWeek(e.target.value)}
          error={validWeek ? undefined : 'A week number from 1 to 9999.'}
        />
        <div className="vui-field">
          <label className="vui-field__label" htmlFor={`${ids}-assign`}>
            Challenge for that week
          </label>
          <select
            id={`${ids}-assign`}
            className="ac-admin__select"
            value={challengeId}
            onChange={(e) => setChallengeId(e.target.value)}
          >
            <option value="">Choose a challenge</option>
            {challenges.map((c) => (
              <option key={c.id} value={c.id}>
                #{c.sequence} {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="ac-admin__actions">
          <Button
            variant="secondary"
            disabled={!validWeek || !challengeId}
            loading={assign.isPending}
            onClick={() => assign.mutate({ weekNumber, challengeId }, answered)}
          >
            Assign to week
          </Button>
          <Button
            variant="secondary"
            disabled={!validWeek}
            loading={rotate.isPending}
            onClick={() => rotate.mutate(weekNumber, answered)}
          >
            Rotate to next
          </Button>
        </div>
      </Card>
    </section>
  );
}
