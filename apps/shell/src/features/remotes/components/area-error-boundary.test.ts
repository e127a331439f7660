import { describe, expect, it } from 'vitest';
import { areaErrorMessage } from './area-error-boundary';

describe('a failed area', () => {
  it('offline, says so and that it will load by itself, not that the rest of the app still works', () => {
    const message = areaErrorMessage('offline');
    expect(message).toContain("You're offline");
    expect(message).toContain('load by itself');
    expect(message).not.toContain('the rest of the app still works');
  });
  it('online, offers a retry or a refresh', () => {
    expect(areaErrorMessage('online')).toContain('try again, or refresh the page');
  });
});
