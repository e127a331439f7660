import { describe, expect, it } from 'vitest';
import { isPushEndpoint, pushDeferralMinutes, pushTapType } from './push';

const quiet = { enabled: true, start: '22:00', end: '08:00' };

describe('push endpoints', () => {
  it('takes https push services and refuses everything else', () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(isPushEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isPushEndpoint('https://user:pw@push.example/x')).toBe(false);
    expect(isPushEndpoint('javascript:alert(1)')).toBe(false);
    expect(isPushEndpoint('not a url')).toBe(false);
    expect(isPushEndpoint(`https://push.example/${'a'.repeat(1100)}`)).toBe(false);
  });

  it('takes a stand-in on this machine only over https', () => {
    expect(isPushEndpoint('https://127.0.0.1:9000/push/1')).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:9000/push/1')).toBe(false);
  });
});

describe('pushes in quiet hours', () => {
  it('wait until the window ends, across midnight', () => {
    expect(pushDeferralMinutes('friend_request', quiet, 23 * 60)).toBe(9 * 60);
    expect(pushDeferralMinutes('pod_activity', quiet, 7 * 60 + 59)).toBe(1);
    expect(pushDeferralMinutes('pod_activity', quiet, 8 * 60)).toBe(0);
    expect(pushDeferralMinutes('pod_activity', { ...quiet, enabled: false }, 23 * 60)).toBe(0);
  });

  it('never hold back a streak warning', () => {
    expect(pushDeferralMinutes('streak_at_risk', quiet, 23 * 60)).toBe(0);
  });
});

describe('tap types', () => {
  it('follow the spec: challenge kinds to challenges, pod activity to the pod', () => {
    expect(pushTapType('challenge_reminder')).toBe('challenge');
    expect(pushTapType('weekly_announcement')).toBe('challenge');
    expect(pushTapType('pod_activity')).toBe('pod');
    expect(pushTapType('friend_request')).toBe('friend');
  });
});
