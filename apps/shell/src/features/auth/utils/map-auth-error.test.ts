import type { ErrorCode } from '@vere/contracts';
import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
  signInError,
  signUpError,
} from './map-auth-error';

const api = (code: ErrorCode | 'NETWORK_ERROR', message: string = code, status = 400, field?: string) =>
  new ApiError(code, message, status, field);

describe('signInError', () => {
  it('shows invalid credentials in the banner', () => {
    expect(signInError(api('INVALID_CREDENTIALS', 'nope', 401))).toEqual({
      field: null,
      message: INVALID_CREDENTIALS_MESSAGE,
    });
  });

  it('puts a validation message on the field the service named', () => {
    expect(signInError(api('VALIDATION_FAILED', 'email must be a valid address', 400, 'email'))).toEqual({
      field: 'email',
      message: 'email must be a valid address',
    });
  });

  it('falls back to a generic banner', () => {
    expect(signInError(new Error('boom'))).toEqual({ field: null, message: SIGN_IN_FAILED });
    expect(signInError(api('INTERNAL', 'x', 500))).toEqual({ field: null, message: SIGN_IN_FAILED });
  });

  it('explains a network failure', () => {
    expect(signInError(api('NETWORK_ERROR', 'Could not reach the server.', 0)).message).toBe(
      'Could not reach the server.',
    );
  });
});

describe('signUpError', () => {
  it('puts USERNAME_TAKEN on the username field with the spec wording', () => {
    expect(signUpError(api('USERNAME_TAKEN', 'taken', 409))).toEqual({
      field: 'username',
      message: 'Username is already taken',
    });
  });

  it('puts EMAIL_TAKEN on the email field', () => {
    expect(signUpError(api('EMAIL_TAKEN', 'taken', 409))).toEqual({ field: 'email', message: EMAIL_TAKEN_MESSAGE });
  });

  it.each([
    ['Password is too weak', 'password', 'password'],
    ['Name must be 2 to 40 characters', 'name', 'name'],
    ['Disposable email addresses are not allowed', 'email', 'email'],
    ['must NOT have more than 254 characters', 'body.email', 'email'],
  ])('puts "%s" (field %s) on %s', (message, serverField, field) => {
    expect(signUpError(api('VALIDATION_FAILED', message, 400, serverField))).toEqual({ field, message });
  });

  it('does not guess a field from the wording', () => {
    expect(signUpError(api('VALIDATION_FAILED', 'Your email looks odd'))).toEqual({
      field: null,
      message: 'Your email looks odd',
    });
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
