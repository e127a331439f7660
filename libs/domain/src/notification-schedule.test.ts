import { describe, expect, it } from 'vitest';
import { dueReminders, localClock, type ReminderSubject } from './notification-schedule';
import { inZone } from './time-zone';

const base: ReminderSubject = {
  challengeReminders: true,
  streakReminders: true,
  preferredTime: '09:00',
  quietHours: { enabled: true, start: '22:00', end: '08:00' },
  weeklyCompletedWeek: null,
  currentStreak: 3,
};

/** Ticks every minute from `from` for `hours`, as the scheduler would; returns what was sent, once per key. */
function simulate(user: ReminderSubject, timeZone: string, from: string, hours: number) {
  const sent = new Map<string, Date>();
  const start = Date.parse(from);
  for (let t = start; t < start + hours * 3_600_000; t += 60_000) {
    const now = new Date(t);
    for (const r of dueReminders(user, localClock(now, timeZone))) {
      const key = `${r.kind}|${r.period}`;
      if (!sent.has(key)) sent.set(key, now);
    }
  }
  return [...sent].map(([key, at]) => {
    const local = inZone(at, timeZone);
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    return {
      key,
      local: `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${hhmm}`,
      at: at.toISOString(),
    };
  });
}

const reminders = (rows: ReturnType<typeof simulate>) => rows.filter((r) => r.key.startsWith('challenge'));

describe('challenge reminders at the preferred local minute, across a DST change', () => {
  // Each window spans the zone's DST change (Kolkata has none: it must simply not drift).
  it.each([
    ['Europe/Berlin', '2027-03-26T12:00:00Z', ['2027-03-27', '2027-03-28', '2027-03-29']],
    ['Europe/Berlin', '2026-10-23T12:00:00Z', ['2026-10-24', '2026-10-25', '2026-10-26']],
    ['America/Los_Angeles', '2027-03-13T00:00:00Z', ['2027-03-13', '2027-03-14', '2027-03-15']],
    ['America/Los_Angeles', '2026-10-31T00:00:00Z', ['2026-10-31', '2026-11-01', '2026-11-02']],
    ['Asia/Kolkata', '2027-03-26T00:00:00Z', ['2027-03-26', '2027-03-27', '2027-03-28']],
    ['Pacific/Chatham', '2027-04-02T00:00:00Z', ['2027-04-03', '2027-04-04', '2027-04-05']],
    ['Pacific/Chatham', '2026-09-25T00:00:00Z', ['2026-09-26', '2026-09-27', '2026-09-28']],
  ])('%s from %s: once a day at 09:00 local', (zone, from, days) => {
    const sent = reminders(simulate({ ...base, streakReminders: false }, zone, from, 72));
    expect(sent.map((s) => s.local)).toEqual(days.map((d) => `${d} 09:00`));
  });

  it('a minute the clocks skip is sent at the first minute after it; a minute that happens twice sends once', () => {
    const spring = reminders(
      simulate(
        { ...base, preferredTime: '02:30', quietHours: { ...base.quietHours, enabled: false } },
        'Europe/Berlin',
        '2027-03-27T12:00:00Z',
        24,
      ),
    );
    expect(spring.map((s) => s.local)).toEqual(['2027-03-28 03:00']);
    const autumn = reminders(
      simulate(
        { ...base, preferredTime: '02:30', quietHours: { ...base.quietHours, enabled: false } },
        'Europe/Berlin',
        '2026-10-24T12:00:00Z',
        24,
      ),
    );
    expect(autumn).toHaveLength(1);
    expect(autumn[0]!.at).toBe('2026-10-25T00:30:00.000Z'); // the first 02:30 (CEST)
  });
});

describe('quiet hours', () => {
  it('defer a reminder to the end of the window, the next morning when it crosses midnight', () => {
    const late = reminders(simulate({ ...base, preferredTime: '23:00' }, 'Asia/Kolkata', '2027-01-05T00:00:00Z', 48));
    expect(late.map((s) => [s.key, s.local])).toEqual([
      ['challenge_reminder|day:2027-01-04', '2027-01-05 08:00'],
      ['challenge_reminder|day:2027-01-05', '2027-01-06 08:00'],
    ]);
    const early = reminders(simulate({ ...base, preferredTime: '07:00' }, 'Asia/Kolkata', '2027-01-05T00:00:00Z', 20));
    expect(early.map((s) => s.local)).toEqual(['2027-01-05 08:00']);
  });

  it('never drop the streak warning: pushed past the week it comes just before they begin', () => {
    // 2027-01-09 is a Saturday.
    const sent = simulate({ ...base, preferredTime: '23:00' }, 'America/Los_Angeles', '2027-01-09T08:00:00Z', 24);
    expect(sent.find((s) => s.key.startsWith('streak'))?.local).toBe('2027-01-09 21:59');
    const normal = simulate(base, 'America/Los_Angeles', '2027-01-09T08:00:00Z', 24);
    expect(normal.find((s) => s.key.startsWith('streak'))?.local).toBe('2027-01-09 09:00');
  });
});

describe('checked at send time', () => {
  it('says nothing once this week’s challenge is done, and warns about no streak that does not exist', () => {
    const week = localClock(new Date('2027-01-09T12:00:00Z'), 'Europe/Berlin').weekNumber;
    expect(simulate({ ...base, weeklyCompletedWeek: week }, 'Europe/Berlin', '2027-01-08T00:00:00Z', 48)).toEqual([]);
    const noStreak = simulate({ ...base, currentStreak: 0 }, 'Europe/Berlin', '2027-01-09T00:00:00Z', 24);
    expect(noStreak.map((s) => s.key)).toEqual(['challenge_reminder|day:2027-01-09']);
    expect(
      simulate(
        { ...base, challengeReminders: false, streakReminders: false },
        'Europe/Berlin',
        '2027-01-09T00:00:00Z',
        24,
      ),
    ).toEqual([]);
  });

  it('still reminds of open to-dos after the week’s challenge is done (and says so), but never warns of the streak', () => {
    const now = new Date('2027-01-08T08:00:00Z'); // 09:00 in Berlin, a Friday
    const week = localClock(now, 'Europe/Berlin').weekNumber;
    const clock = localClock(now, 'Europe/Berlin');
    expect(dueReminders({ ...base, weeklyCompletedWeek: week, openTodos: true }, clock)).toEqual([
      { kind: 'challenge_reminder', period: 'day:2027-01-08', todosOnly: true },
    ]);
    expect(dueReminders({ ...base, weeklyCompletedWeek: week, openTodos: false }, clock)).toEqual([]);
    expect(dueReminders({ ...base, openTodos: true }, clock)).toEqual([
      { kind: 'challenge_reminder', period: 'day:2027-01-08' },
    ]);
  });
});

describe('the weekly announcement', () => {
  it('comes once, at the preferred minute of the Sunday the week starts, moved by quiet hours', () => {
    // 2027-01-10 is a Sunday.
    const user = { ...base, challengeReminders: false, streakReminders: false, weeklyAnnouncements: true };
    const sent = simulate(user, 'Pacific/Chatham', '2027-01-08T00:00:00Z', 96);
    expect(sent.map((s) => [s.key, s.local])).toEqual([['weekly_announcement|week:2975', '2027-01-10 09:00']]);
    const late = simulate({ ...user, preferredTime: '23:30' }, 'Europe/Berlin', '2027-01-09T00:00:00Z', 72);
    expect(late.map((s) => s.local)).toEqual(['2027-01-11 08:00']);
    expect(simulate({ ...user, weeklyAnnouncements: false }, 'Europe/Berlin', '2027-01-09T00:00:00Z', 72)).toEqual([]);
  });
});
