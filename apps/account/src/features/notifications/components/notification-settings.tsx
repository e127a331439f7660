import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { NotificationPreferencesBody, UpdateNotificationPreferencesBody } from '@vere/contracts';
import { DEFAULT_TIME_ZONE, isClockTime, runtimeTimeZone } from '@vere/domain';
import { isApiError } from '@vere/web-session';
import { Button, Card, ErrorCard, Skeleton, notify } from '@vere/web-ui';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { BrowserPushLine, useBrowserPush } from './browser-push';

export const NOTIFICATIONS_SAVED = 'Notification settings saved';
export const NOTIFICATIONS_FAILED = 'Failed to save your notification settings. Please try again.';

const TYPES = [
  {
    key: 'challengeReminders',
    label: 'Challenge reminders',
    hint: 'A nudge at your reminder time while this week’s challenge or today’s to-dos are open.',
  },
  { key: 'streakReminders', label: 'Streak reminders', hint: 'On the last day of your week, before a streak breaks.' },
  { key: 'weeklyAnnouncements', label: 'Weekly announcements', hint: 'When a new weekly challenge starts.' },
  {
    key: 'podActivities',
    label: 'Pod activity',
    hint: 'When a podmate shares a completion or your pod streak grows.',
  },
] as const;

const CHANNELS = [
  { key: 'inApp', label: 'In the app', hint: 'The bell at the top of Vere.' },
  { key: 'push', label: 'Push', hint: 'On this device, when your browser allows it.' },
  { key: 'email', label: 'E-mail', hint: 'The weekly announcement and pod digest.' },
] as const;

/** Each mailed kind on its own (decision 0043): what a mail's unsubscribe link turns off. */
const EMAILS = [
  { key: 'weeklyAnnouncements', label: 'Weekly challenge mail', hint: 'Sunday, at your reminder time.' },
  { key: 'podDigest', label: 'Weekly pod digest', hint: 'What your pods did that week, when they did something.' },
] as const;

type Form = UpdateNotificationPreferencesBody;

function toForm(saved: NotificationPreferencesBody): Form {
  const { saved: wasSaved, updatedAt: _updatedAt, ...rest } = saved;
  // Until the user saves, the zone is the device's (spec §9), not whatever the server guessed.
  return wasSaved ? rest : { ...rest, timeZone: runtimeTimeZone() };
}

function listZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(DEFAULT_TIME_ZONE);
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/**
 * Settings → Notifications (issue 25; spec §3, §9): the four types, the reminder time, quiet hours,
 * the zone those times are in, and the channels. One save sends the whole choice to identity.
 */
export function NotificationSettings() {
  const ids = useId();
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const browserPush = useBrowserPush();

  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data));
  }, [query.data, form]);
  const zones = useMemo(() => listZones(form?.timeZone ?? DEFAULT_TIME_ZONE), [form?.timeZone]);

  const title = (
    <h2 id={`${ids}-title`} className="vui-section__title">
      Notifications
    </h2>
  );

  if (query.isError && !form) {
    return (
      <section className="vui-section" aria-labelledby={`${ids}-title`}>
        {title}
        <ErrorCard
          title="Notification settings did not load"
          message="Your choices are safe. Try again in a moment."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </section>
    );
  }

  if (!form) {
    return (
      <section className="vui-section" aria-labelledby={`${ids}-title`} aria-busy="true">
        {title}
        <Card>
          <div className="ac-notify__loading" data-testid="notify-loading">
            <Skeleton height="1.2rem" width="60%" />
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
          </div>
        </Card>
      </section>
    );
  }

  const change = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setError(null);
  };
  const timesOk =
    isClockTime(form.preferredTime) && isClockTime(form.quietHours.start) && isClockTime(form.quietHours.end);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!timesOk) {
      setError('Use a full time such as 09:00 for each time.');
      return;
    }
    try {
      const saved = await save.mutateAsync(form);
      setForm(toForm(saved));
      notify.success(NOTIFICATIONS_SAVED);
    } catch (cause) {
      setError(isApiError(cause) && cause.status >= 400 && cause.status < 500 ? cause.message : NOTIFICATIONS_FAILED);
    }
  };

  return (
    <section className="vui-section" aria-labelledby={`${ids}-title`}>
      {title}
      <Card>
        <form className="ac-notify" onSubmit={(e) => void submit(e)} noValidate data-testid="notification-settings">
          <fieldset className="ac-notify__group">
            <legend className="ac-notify__legend">Tell me about</legend>
            {TYPES.map(({ key, label, hint }) => (
              <Switch
                key={key}
                id={`${ids}-${key}`}
                label={label}
                hint={hint}
                checked={form[key]}
                onChange={(checked) => change({ [key]: checked })}
              />
            ))}
          </fieldset>

          <fieldset className="ac-notify__group">
            <legend className="ac-notify__legend">When</legend>
            <div className="ac-notify__row">
              <label className="ac-zone__label" htmlFor={`${ids}-time`}>
                Reminder time
              </label>
              <input
                id={`${ids}-time`}
                className="ac-zone__input ac-notify__time"
                type="time"
                step={60}
                required
                value={form.preferredTime}
                onChange={(e) => change({ preferredTime: e.target.value })}
              />
            </div>
            <Switch
              id={`${ids}-quiet`}
              label="Quiet hours"
              hint="Nothing buzzes in this window; reminders wait until it ends."
              checked={form.quietHours.enabled}
              onChange={(enabled) => change({ quietHours: { ...form.quietHours, enabled } })}
            />
            <div className="ac-notify__pair">
              <div className="ac-notify__row">
                <label className="ac-zone__label" htmlFor={`${ids}-quiet-start`}>
                  From
                </label>
                <input
                  id={`${ids}-quiet-start`}
                  className="ac-zone__input ac-notify__time"
                  type="time"
                  step={60}
                  disabled={!form.quietHours.enabled}
                  value={form.quietHours.start}
                  onChange={(e) => change({ quietHours: { ...form.quietHours, start: e.target.value } })}
                />
              </div>
              <div className="ac-notify__row">
                <label className="ac-zone__label" htmlFor={`${ids}-quiet-end`}>
                  Until
                </label>
                <input
                  id={`${ids}-quiet-end`}
                  className="ac-zone__input ac-notify__time"
                  type="time"
                  step={60}
                  disabled={!form.quietHours.enabled}
                  value={form.quietHours.end}
                  onChange={(e) => change({ quietHours: { ...form.quietHours, end: e.target.value } })}
                />
              </div>
            </div>
            <div className="ac-notify__row">
              <label className="ac-zone__label" htmlFor={`${ids}-zone`}>
                Zone for reminders
              </label>
              <select
                id={`${ids}-zone`}
                className="ac-zone__input"
                value={form.timeZone}
                onChange={(e) => change({ timeZone: e.target.value })}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>

          <fieldset className="ac-notify__group">
            <legend className="ac-notify__legend">How</legend>
            {CHANNELS.map(({ key, label, hint }) => (
              <Fragment key={key}>
                <Switch
                  id={`${ids}-channel-${key}`}
                  label={label}
                  hint={hint}
                  checked={form.channels[key]}
                  onChange={(checked) => {
                    change({ channels: { ...form.channels, [key]: checked } });
                    // Turning push on is the moment to ask this browser (its prompt needs this click).
                    if (key === 'push' && checked && browserPush.state === 'off') void browserPush.turnOn();
                  }}
                />
                {key === 'push' && form.channels.push ? (
                  <BrowserPushLine id={`${ids}-browser-push`} push={browserPush} />
                ) : null}
              </Fragment>
            ))}
          </fieldset>

          <fieldset className="ac-notify__group" disabled={!form.channels.email}>
            <legend className="ac-notify__legend">E-mails</legend>
            {EMAILS.map(({ key, label, hint }) => {
              const emailKinds = form.emailKinds ?? { weeklyAnnouncements: true, podDigest: true };
              return (
                <Switch
                  key={key}
                  id={`${ids}-email-${key}`}
                  label={label}
                  hint={hint}
                  checked={emailKinds[key]}
                  onChange={(checked) => change({ emailKinds: { ...emailKinds, [key]: checked } })}
                />
              );
            })}
          </fieldset>

          {error ? (
            <p className="ac-zone__error" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" loading={save.isPending}>
              Save notification settings
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}

/** An on/off choice: the label names it, the hint describes it (not part of its name). */
function Switch(props: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="ac-notify__switch">
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        aria-describedby={`${props.id}-hint`}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className="ac-notify__switch-text">
        <label className="ac-notify__switch-label" htmlFor={props.id}>
          {props.label}
        </label>
        <span className="ac-muted ac-notify__hint" id={`${props.id}-hint`}>
          {props.hint}
        </span>
      </span>
    </div>
  );
}
