import { describe, expect, it } from 'vitest';
import { areaForPath } from './areas';

describe('areaForPath', () => {
  it.each([
    ['/', 'challenges'],
    ['/challenges', 'challenges'],
    ['/challenges/abc', 'challenges'],
    ['/weekly', 'challenges'],
    ['/connect', 'connect'],
    ['/pods/42', 'connect'],
    ['/join/ABC123', 'connect'],
    ['/create-pod', 'connect'],
    ['/chat/u2', 'connect'],
    ['/friends', 'connect'],
    ['/guides', 'playbooks'],
    ['/guides/g1/complete', 'playbooks'],
    ['/assessments/dashboard', 'playbooks'],
    ['/settings', 'account'],
    ['/settings/', 'account'],
    ['/profile', 'account'],
    ['/pro', 'account'],
    ['/vere-pro', 'account'],
    ['/pro-hub', 'account'],
    ['/pro/assessments', 'playbooks'],
    ['/pro/assessments/resilience', 'playbooks'],
    ['/pro/challenges', 'account'],
    ['/payment', 'account'],
    ['/subscription', 'account'],
    ['/subscription-success', 'account'],
  ])('%s belongs to %s', (path, area) => {
    expect(areaForPath(path)?.name).toBe(area);
  });

  it.each(['/nope', '/challengesx', '/weekly/extra', '/settingsx', '/prox', '/auth-ish'])(
    '%s belongs to no area',
    (path) => {
      expect(areaForPath(path)).toBeNull();
    },
  );
});
