import type { AuthSession, SignUpBody, User } from '@vere/contracts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** The signed-in user, as identity answers it. */
export type SessionUser = User;

/** What identity answers to sign-in, sign-up and refresh. */
export type AuthResponse = AuthSession;

export type SignUpInput = SignUpBody;
