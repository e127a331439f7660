import { ApiError, OFFLINE_ACTION_MESSAGE } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { ACCEPT_FAILED, SKIP_FAILED, swipeErrorMessage } from './messages';

const noAnswer = new ApiError('NETWORK_ERROR', 'Could not reach the server.', 0);

describe('swipeErrorMessage', () => {
  it('offline, a swipe that got no answer says the user is offline', () => {
    expect(swipeErrorMessage('accept', noAnswer, 'offline')).toBe(OFFLINE_ACTION_MESSAGE);
    expect(swipeErrorMessage('skip', noAnswer, 'offline')).toBe(OFFLINE_ACTION_MESSAGE);
  });
  it("online, a failure keeps the spec's text and a refusal the server's", () => {
    expect(swipeErrorMessage('accept', noAnswer, 'online')).toBe(ACCEPT_FAILED);
    expect(swipeErrorMessage('skip', new ApiError('HTTP_503', 'down', 503), 'online')).toBe(SKIP_FAILED);
    expect(swipeErrorMessage('skip', new ApiError('SKIP_LIMIT', 'No skips left', 409), 'offline')).toBe(
      'No skips left',
    );
  });
});
