import { ApiError, OFFLINE_ACTION_MESSAGE } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  const noAnswer = new ApiError('NETWORK_ERROR', 'Could not reach the server.', 0);
  it('offline, an action without an answer says the user is offline', () => {
    expect(errorMessage(noAnswer, 'offline')).toBe(OFFLINE_ACTION_MESSAGE);
  });
  it("otherwise, the code's message", () => {
    expect(errorMessage(noAnswer, 'online')).toContain('Could not reach the server');
    expect(errorMessage(new ApiError('POD_FULL', 'x', 409), 'offline')).toBe('This pod is full.');
  });
});
