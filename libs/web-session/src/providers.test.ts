import { describe, expect, it } from 'vitest';
import { CALLBACK_MESSAGES, callbackErrorMessage, googleSignInUrl } from './providers';

describe('Google sign-in helpers', () => {
  it('starts at identity, carrying the return path', () => {
    expect(googleSignInUrl()).toBe('/api/identity/auth/google/start');
    expect(googleSignInUrl('/')).toBe('/api/identity/auth/google/start');
    expect(googleSignInUrl('/connect?tab=pods')).toBe(
      '/api/identity/auth/google/start?redirect=%2Fconnect%3Ftab%3Dpods',
    );
  });

  it('maps identity codes to the spec callback messages', () => {
    expect(callbackErrorMessage('EMAIL_NOT_VERIFIED')).toBe(CALLBACK_MESSAGES.emailNotVerified);
    expect(callbackErrorMessage('ACCESS_DENIED')).toBe('Authentication failed. Please try again.');
    expect(callbackErrorMessage('STATE_INVALID')).toBe(CALLBACK_MESSAGES.failed);
    expect(callbackErrorMessage('INTERNAL')).toBe('An unexpected error occurred. Please try again.');
    expect(callbackErrorMessage('<script>')).toBe(CALLBACK_MESSAGES.unexpected);
  });
});
