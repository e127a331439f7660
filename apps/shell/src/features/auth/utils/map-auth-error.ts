import { USERNAME_TAKEN_MESSAGE } from '@vere/web-kit';
import { isApiError } from '@vere/web-session';

export type AuthField = 'name' | 'email' | 'username' | 'password' | 'confirmPassword';

export interface AuthFormError {
  /** Shown under this field when set, otherwise in the banner. */
  field: AuthField | null;
  message: string;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const SIGN_UP_FAILED = 'Failed to create account. Please try again.';
export const SIGN_IN_FAILED = 'Something went wrong. Please try again.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Try signing in instead.';

const AUTH_FIELDS: readonly AuthField[] = ['name', 'email', 'username', 'password', 'confirmPassword'];

/** The form field the service named in `error.field` (e.g. `email`, or `body.email` from schema validation). */
function fieldOf(field: string | undefined): AuthField | null {
  const name = field?.split('.').pop();
  return AUTH_FIELDS.find((f) => f === name) ?? null;
}

function commonError(error: unknown): AuthFormError | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case 'NETWORK_ERROR':
    case 'TIMEOUT':
      return { field: null, message: error.message };
    case 'RATE_LIMITED':
      return { field: null, message: 'Too many attempts. Please wait a moment and try again.' };
    case 'VALIDATION_FAILED':
      return { field: fieldOf(error.field), message: error.message };
    default:
      return null;
  }
}

export function signInError(error: unknown): AuthFormError {
  if (isApiError(error) && error.code === 'INVALID_CREDENTIALS')
    return { field: null, message: INVALID_CREDENTIALS_MESSAGE };
  return commonError(error) ?? { field: null, message: SIGN_IN_FAILED };
}

export function signUpError(error: unknown): AuthFormError {
  if (isApiError(error) && error.code === 'EMAIL_TAKEN') return { field: 'email', message: EMAIL_TAKEN_MESSAGE };
  if (isApiError(error) && error.code === 'USERNAME_TAKEN')
    return { field: 'username', message: USERNAME_TAKEN_MESSAGE };
  return commonError(error) ?? { field: null, message: SIGN_UP_FAILED };
}
