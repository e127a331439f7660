import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_MESSAGE, INCORRECT_CREDENTIALS, SIGN_IN_FAILED, SIGN_UP_FAILED, signInError, signUpError } from './map-auth-error';

const api = (code: string, message = code, status = 400) => new ApiError(code, message, status);

describe('signInError', () => {
  it('shows invalid credentials in the banner', () => {
    expect(signInError(api('INVALID_CREDENTIALS', 'nope', 401))).toEqual({ field: null, message: INCORRECT_CREDENTIALS });
  });

  it('routes a validation message to the field it names', () => {
    expect(signInError(api('VALIDATION_FAILED', 'email must be a valid address'))).toEqual({
      field: 'email',
      message: 'email must be a valid address',
    });
  });

  it('falls back to a generic banner', () => {
    expect(signInError(new Error('boom'))).toEqual({ field: null, message: SIGN_IN_FAILED });
    expect(signInError(api('INTERNAL', 'x', 500))).toEqual({ field: null, message: SIGN_IN_FAILED });
  });

  it('explains a network failure', () => {
    expect(signInError(api('NETWORK_ERROR', 'Could not reach the server.', 0)).message).toBe('Could not reach the server.');
  });
});

describe('signUpError', () => {
  it('puts EMAIL_TAKEN on the email field', () => {
    expect(signUpError(api('EMAIL_TAKEN', 'taken', 409))).toEqual({ field: 'email', message: EMAIL_TAKEN_MESSAGE });
  });

  it.each([
    ['Password is too weak', 'password'],
    ['name: Name must be 2 to 40 characters', 'name'],
    ['Disposable email addresses are not allowed', 'email'],
  ])('routes "%s" to %s', (message, field) => {
    expect(signUpError(api('VALIDATION_FAILED', message))).toEqual({ field, message });
  });

  it('keeps an unattributed validation message in the banner', () => {
    expect(signUpError(api('VALIDATION_FAILED', 'Request body is invalid'))).toEqual({
      field: null,
      message: 'Request body is invalid',
    });
  });

  it('falls back to the spec message', () => {
    expect(signUpError(api('INTERNAL', 'x', 500))).toEqual({ field: null, message: SIGN_UP_FAILED });
  });
});
