import { shownName } from '@vere/domain';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from './api-error';
import { request } from './http';
import type { AuthResponse, SessionStatus, SessionUser, SignUpInput } from './types';

export const AUTH_ENDPOINTS = {
  refresh: '/api/identity/auth/refresh',
  signIn: '/api/identity/auth/sign-in',
  signUp: '/api/identity/auth/sign-up',
  signOut: '/api/identity/auth/sign-out',
  /** The iOS app's Google return: the one-time code from vere://auth/callback?code=… (decision 0015). */
  googleExchange: '/api/identity/auth/google/exchange',
} as const;

/** Spec: loading is forced to end after 2 s if the session lookup hangs. */
export const BOOTSTRAP_CUTOFF_MS = 2_000;
/** Spec: sign-up waits up to 30 s. */
export const SIGN_UP_TIMEOUT_MS = 30_000;

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Memory only: never persisted, so a reload goes through the httpOnly refresh cookie. */
  accessToken: string | null;
  bootstrap(): Promise<void>;
  signIn(email: string, password: string): Promise<SessionUser>;
  signUp(input: SignUpInput): Promise<SessionUser>;
  /** The iOS app: trades the one-time code of a Google sign-in for a session (each code works once). */
  exchangeGoogleCode(code: string): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Exchanges the refresh cookie for a new access token; resolves false (and signs out) when that fails. */
  refresh(): Promise<boolean>;
  /** Adopts the user identity answered after a profile change: every area showing the user re-renders. */
  setUser(user: SessionUser): void;
}

export type SessionStore = StoreApi<SessionState>;

/** Spec §4: a sign-in to an account made less than 5 minutes ago marks a new sign-up (the intro reads it). */
export const NEW_USER_WINDOW_MS = 5 * 60_000;
export const NEW_USER_SIGNUP_KEY = 'vere_new_user_signup';
/** Set at every sign-in: this browser has had a user (the pre-auth onboarding reads it). */
export const KNOWN_USER_KEY = 'vere_known_user';

export function isNewSignup(createdAt: string, now = Date.now()): boolean {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < NEW_USER_WINDOW_MS;
}

export interface SessionStoreOptions {
  bootstrapCutoffMs?: number;
  /** Where the new-sign-up flag goes; the page's localStorage by default. */
  storage?: Pick<Storage, 'setItem'> | null;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const cutoffMs = options.bootstrapCutoffMs ?? BOOTSTRAP_CUTOFF_MS;
  const storage =
    options.storage !== undefined ? options.storage : typeof localStorage === 'undefined' ? null : localStorage;
  /** After a sign-in or sign-up (not a refresh): flags an account made in the last 5 minutes. */
  const markNewSignup = (user: SessionUser) => {
    if (!isNewSignup(user.createdAt)) return;
    try {
      storage?.setItem(NEW_USER_SIGNUP_KEY, 'true');
    } catch {
      // Storage full or blocked: the intro simply does not show.
    }
  };
  let bootstrapping: Promise<void> | null = null;
  // Refresh tokens rotate with reuse detection: two parallel refreshes would revoke the whole family,
  // so every caller (bootstrap, any 401 in any remote) shares one in-flight refresh.
  let refreshing: Promise<boolean> | null = null;

  return createStore<SessionState>()((set, get) => {
    const adopt = (auth: AuthResponse): SessionUser => {
      const user = normalizeUser(auth.user);
      set({ status: 'signed-in', user, accessToken: auth.accessToken });
      try {
        storage?.setItem(KNOWN_USER_KEY, 'true');
      } catch {
        // Storage full or blocked: the pre-auth onboarding may show once more, nothing worse.
      }
      return user;
    };
    const clear = () => set({ status: 'signed-out', user: null, accessToken: null });

    const refresh = (): Promise<boolean> => {
      refreshing ??= request<AuthResponse | undefined>(AUTH_ENDPOINTS.refresh, { method: 'POST' })
        .then((auth) => {
          // 204: no session cookie at all (a visitor): signed out, nothing went wrong.
          if (!auth) {
            clear();
            return false;
          }
          adopt(auth);
          return true;
        })
        .catch((error: unknown) => {
          // A rejected refresh ends the session; a network blip only ends a session that never started.
          const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500;
          if (rejected || get().status === 'loading') clear();
          return false;
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    };

    return {
      status: 'loading',
      user: null,
      accessToken: null,

      bootstrap() {
        bootstrapping ??= new Promise<void>((resolve) => {
          const cutoff = setTimeout(() => {
            // A late successful refresh still signs the user in through refresh() itself.
            if (get().status === 'loading') set({ status: 'signed-out' });
            resolve();
          }, cutoffMs);
          void refresh().then(() => {
            clearTimeout(cutoff);
            resolve();
          });
        });
        return bootstrapping;
      },

      async signIn(email, password) {
        const auth = await request<AuthResponse>(AUTH_ENDPOINTS.signIn, {
          method: 'POST',
          json: { email: email.trim(), password },
        });
        const user = adopt(auth);
        markNewSignup(user);
        return user;
      },

      async signUp(input) {
        const auth = await request<AuthResponse>(AUTH_ENDPOINTS.signUp, {
          method: 'POST',
          json: {
            email: input.email.trim(),
            password: input.password,
            name: input.name.trim(),
            ...(input.username ? { username: input.username.trim().toLowerCase() } : {}),
            ...(input.avatarConfig ? { avatarConfig: input.avatarConfig } : {}),
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          },
          timeoutMs: SIGN_UP_TIMEOUT_MS,
        });
        const user = adopt(auth);
        markNewSignup(user);
        return user;
      },

      async exchangeGoogleCode(code) {
        // A cold start's bootstrap refresh (no cookie yet: "signed out") must not land after this sign-in.
        if (refreshing) await refreshing;
        const auth = await request<AuthResponse>(AUTH_ENDPOINTS.googleExchange, { method: 'POST', json: { code } });
        const user = adopt(auth);
        markNewSignup(user);
        return user;
      },

      async signOut() {
        try {
          await request<void>(AUTH_ENDPOINTS.signOut, { method: 'POST', accessToken: get().accessToken });
        } catch (error) {
          // An expired session is as good as signed out; anything else leaves the user signed in to retry.
          if (!(error instanceof ApiError && error.status === 401)) throw error;
        }
        clear();
      },

      refresh,

      setUser(user) {
        if (get().status === 'signed-in') set({ user: normalizeUser(user) });
      },
    };
  });
}

/** Spec §3: the name shown falls back from the name to the display name, then to "User". */
function normalizeUser(raw: SessionUser): SessionUser {
  return {
    ...raw,
    name: shownName(raw),
    displayName: raw.displayName ?? null,
    bio: raw.bio ?? null,
    photoUrl: raw.photoUrl ?? null,
    avatarConfig: raw.avatarConfig ?? null,
  };
}
