import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { checkoutErrorMessage } from './use-checkout';

describe('checkoutErrorMessage', () => {
  it("maps billing's codes to what the upgrade button says, never the raw message", () => {
    expect(checkoutErrorMessage(new ApiError('CONFLICT', 'raw', 409))).toBe("You're already a Pro member.");
    expect(checkoutErrorMessage(new ApiError('PROVIDER_NOT_CONFIGURED', 'raw', 404))).toBe(
      'Card payments are not available right now.',
    );
    expect(checkoutErrorMessage(new ApiError('PROVIDER_NOT_CONFIGURED', 'raw', 404), true)).toBe(
      'In-app purchases are not available right now.',
    );
    expect(checkoutErrorMessage(new ApiError('NETWORK_ERROR', 'raw', 0))).toMatch(/couldn't reach checkout/);
    expect(checkoutErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
