import { describe, expect, it } from 'vitest';
import {
  clockMinutes,
  defaultNotificationPreferences,
  inQuietHours,
  isClockTime,
  notificationRoute,
} from './notifications';

describe('notification preferences', () => {
  it('defaults to the spec §9 values in the given zone', () => {
    expect(defaultNotificationPreferences('Asia/Kolkata')).toEqual({
      challengeReminders: true,
      weeklyAnnouncements: true,
      streakReminders: true,
      podActivities: true,
      preferredTime: '09:00',
      timeZone: 'Asia/Kolkata',
      quietHours: { enabled: true, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: true, email: true },
    });
  });

  it('accepts 24-hour HH:MM times only', () => {
    for (const ok of ['00:00', '09:05', '23:59']) expect(isClockTime(ok)).toBe(true);
    for (const bad of ['24:00', '9:00', '09:60', '09:00 ', 'nine']) expect(isClockTime(bad)).toBe(false);
    expect(clockMinutes('22:30')).toBe(1350);
  });

  it('keeps quiet hours across midnight, start included and end excluded', () => {
    const quiet = { enabled: true, start: '22:00', end: '08:00' };
    expect(inQuietHours(quiet, clockMinutes('21:59'))).toBe(false);
    expect(inQuietHours(quiet, clockMinutes('22:00'))).toBe(true);
    expect(inQuietHours(quiet, clockMinutes('03:00'))).toBe(true);
    expect(inQuietHours(quiet, clockMinutes('08:00'))).toBe(false);
    expect(inQuietHours({ ...quiet, enabled: false }, clockMinutes('23:00'))).toBe(false);
    expect(inQuietHours({ enabled: true, start: '13:00', end: '14:00' }, clockMinutes('13:30'))).toBe(true);
    expect(inQuietHours({ enabled: true, start: '13:00', end: '13:00' }, clockMinutes('13:00'))).toBe(false);
  });

  it('routes a tap as spec §2 says', () => {
    expect(notificationRoute('challenge_reminder')).toBe('/challenges');
    expect(notificationRoute('pod_activity')).toBe('/pods');
    expect(notificationRoute('pod_activity', 'p1')).toBe('/pods/p1');
    expect(notificationRoute('friend_request')).toBe('/connect');
  });
});
