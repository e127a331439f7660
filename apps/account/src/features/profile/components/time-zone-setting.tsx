import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { DEFAULT_TIME_ZONE, runtimeTimeZone } from '@vere/domain';
import { isApiError, useSession } from '@vere/web-session';
import { Button, Card, notify } from '@vere/web-ui';
import { saveProfile } from '../api/save-profile';

export const TIME_ZONE_SAVED = 'Time zone saved';
export const TIME_ZONE_FAILED = 'Failed to save your time zone. Please try again.';

/** Every IANA zone the browser knows, plus UTC, in a stable order. */
export function listTimeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(DEFAULT_TIME_ZONE);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** Zones whose name contains every word typed ("new york", "kolk"), ignoring case, "_" and "/". */
export function filterTimeZones(zones: readonly string[], query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s/_]+/)
    .filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/[/_]/g, ' ');
    return words.every((word) => name.includes(word));
  });
}

/**
 * Settings → Time zone: the zone the user's day runs in (swipe limits reset at its midnight, the
 * weekend window opens Friday 17:00 there). Saved on the identity profile; quests follows it.
 */
export function TimeZoneSetting() {
  const saved = useSession((s) => s.user?.timeZone ?? null);
  const zones = useMemo(listTimeZones, []);
  const [query, setQuery] = useState('');
  const [choice, setChoice] = useState<string>(() => saved ?? runtimeTimeZone());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const shown = useMemo(() => {
    const matches = filterTimeZones(zones, query);
    return matches.includes(choice) ? matches : [choice, ...matches];
  }, [zones, query, choice]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await saveProfile({ timeZone: choice });
      notify.success(TIME_ZONE_SAVED);
    } catch (cause) {
      setError(isApiError(cause) && cause.status >= 400 && cause.status < 500 ? cause.message : TIME_ZONE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="vui-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="vui-section__title">
        Time zone
      </h2>
      <Card>
        <form className="ac-zone" onSubmit={(e) => void submit(e)} noValidate>
          <p className="ac-muted" id={`${ids}-help`}>
            Your daily swipes reset at midnight here, and weekend sidequests open Friday 17:00.{' '}
            <span data-testid="zone-current">
              {saved ? `Now: ${saved}.` : `Not set yet (${DEFAULT_TIME_ZONE} is used).`}
            </span>
          </p>
          <label className="ac-zone__label" htmlFor={`${ids}-search`}>
            Search time zones
          </label>
          <input
            id={`${ids}-search`}
            className="ac-zone__input"
            type="search"
            value={query}
            placeholder="e.g. New York, Kolkata"
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <label className="ac-zone__label" htmlFor={`${ids}-zone`}>
            Time zone
          </label>
          <select
            id={`${ids}-zone`}
            className="ac-zone__input"
            value={choice}
            aria-describedby={`${ids}-help`}
            onChange={(e) => {
              setChoice(e.target.value);
              setError(null);
            }}
          >
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {error ? (
            <p className="ac-zone__error" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" loading={saving} disabled={choice === saved}>
              Save time zone
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
