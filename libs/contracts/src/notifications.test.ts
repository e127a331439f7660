import { NOTIFICATION_KINDS } from '@vere/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { NotificationKindSchema, UpdateNotificationPreferencesBodySchema } from './notifications';

describe('notification contracts', () => {
  it('lists the same kinds as libs/domain', () => {
    for (const kind of NOTIFICATION_KINDS) expect(Value.Check(NotificationKindSchema, kind)).toBe(true);
    expect(NotificationKindSchema.anyOf).toHaveLength(NOTIFICATION_KINDS.length);
  });

  it('refuses a preferences body with a field left out or one it does not know', () => {
    const body = {
      challengeReminders: true,
      weeklyAnnouncements: true,
      streakReminders: true,
      podActivities: true,
      preferredTime: '09:00',
      timeZone: 'Europe/Berlin',
      quietHours: { enabled: true, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: true, email: true },
    };
    expect(Value.Check(UpdateNotificationPreferencesBodySchema, body)).toBe(true);
    const { podActivities: _, ...missing } = body;
    expect(Value.Check(UpdateNotificationPreferencesBodySchema, missing)).toBe(false);
    expect(Value.Check(UpdateNotificationPreferencesBodySchema, { ...body, deviceToken: 'x' })).toBe(false);
  });
});
