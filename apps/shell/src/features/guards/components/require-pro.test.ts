import { describe, expect, it } from 'vitest';
import { isProPath } from './require-pro';

describe('Pro-guarded paths', () => {
  it.each(['/pro-hub', '/pro/challenges', '/pro/assessments', '/pro/assessments/a1', '/pro-hub/'])('guards %s', (p) =>
    expect(isProPath(p)).toBe(true),
  );
  it.each(['/pro', '/vere-pro', '/pro/other', '/pro-hubs', '/profile', '/'])('leaves %s open', (p) =>
    expect(isProPath(p)).toBe(false),
  );
});
