export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string | null;
  createdAt: string;
}

/** What identity answers to sign-in, sign-up and refresh. */
export interface AuthResponse {
  accessToken: string;
  expiresIn: number;
  user: SessionUser;
}

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  username?: string;
}
