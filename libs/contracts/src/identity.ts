import { Type, type Static } from 'typebox';
import { MultiLine, SingleLine } from './text';

/**
 * An avatar as the creator saves it: each part a one-item list of a DiceBear "big-smile" option,
 * plus a seed. The shape is checked here; the allowed options are checked by libs/domain.
 */
export const AvatarConfigSchema = Type.Object(
  {
    seed: SingleLine(64),
    backgroundColor: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    eyes: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    mouth: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    hair: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    skinColor: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    hairColor: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
    accessories: Type.Array(SingleLine(32), { minItems: 1, maxItems: 1 }),
  },
  { additionalProperties: false },
);
export type AvatarConfigBody = Static<typeof AvatarConfigSchema>;

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  /** Always set: generated at sign-up when the user gave none. */
  username: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  /** A photo Vere serves itself (a same-origin path), never a link to another site; today always null (decision 0034). */
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
  /** IANA zone the user's day runs in (limits, weekend window); null until they or their browser gave one. */
  timeZone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: Type.String({ description: 'ISO 8601' }),
  /** The post-sign-up intro was completed or skipped, on any device. */
  hasCompletedOnboarding: Type.Boolean(),
  /** Guided tutorials finished, on any device. */
  tutorialsSeen: Type.Array(Type.Union([Type.Literal('home'), Type.Literal('challenges')])),
});
export type User = Static<typeof UserSchema>;

/** The guided tutorials: the home page's and the weekly challenge page's. */
export const TUTORIALS = ['home', 'challenges'] as const;
export type Tutorial = (typeof TUTORIALS)[number];

/**
 * PUT /api/identity/me/milestones/{milestone}: the user finished part of the guided start.
 * Idempotent; answers the user after the change.
 */
export const MilestoneParamsSchema = Type.Object({
  milestone: Type.Union([
    Type.Literal('onboarding'),
    Type.Literal('tutorial-home'),
    Type.Literal('tutorial-challenges'),
  ]),
});
export type Milestone = Static<typeof MilestoneParamsSchema>['milestone'];

export const SignUpBodySchema = Type.Object(
  {
    email: SingleLine(254),
    password: SingleLine(128),
    name: SingleLine(80),
    username: Type.Optional(SingleLine(40)),
    avatarConfig: Type.Optional(AvatarConfigSchema),
    /** IANA zone, e.g. `Asia/Kolkata`; the sign-up form sends the browser's. */
    timeZone: Type.Optional(SingleLine(64)),
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBodySchema>;

export const SignInBodySchema = Type.Object(
  {
    email: SingleLine(254),
    password: SingleLine(128),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBodySchema>;

/** Answer of sign-up, sign-in and refresh. The refresh token travels only in an httpOnly cookie. */
export const AuthSessionSchema = Type.Object({
  accessToken: Type.String(),
  /** Seconds until the access token expires. */
  expiresIn: Type.Integer(),
  user: UserSchema,
});
export type AuthSession = Static<typeof AuthSessionSchema>;

export const MeSchema = Type.Object({ user: UserSchema });
export type Me = Static<typeof MeSchema>;

/** Changes to the signed-in user's profile: absent fields stay, `null` clears an optional one. */
export const UpdateProfileBodySchema = Type.Object(
  {
    name: Type.Optional(SingleLine(80)),
    username: Type.Optional(SingleLine(40)),
    displayName: Type.Optional(Type.Union([SingleLine(80), Type.Null()])),
    bio: Type.Optional(Type.Union([MultiLine(400), Type.Null()])),
    /** Only a photo Vere serves itself; null or blank clears (decision 0035). */
    photoUrl: Type.Optional(Type.Union([SingleLine(2048), Type.Null()])),
    avatarConfig: Type.Optional(Type.Union([AvatarConfigSchema, Type.Null()])),
    timeZone: Type.Optional(SingleLine(64)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBodySchema>;

export const UsernameParamsSchema = Type.Object({ username: SingleLine(40) });

/** Whether a (valid) username is free; the sign-up and profile forms ask as the user types. */
export const UsernameAvailabilitySchema = Type.Object({
  username: Type.String({ description: 'As it would be stored: trimmed, lower-case' }),
  available: Type.Boolean(),
});
export type UsernameAvailability = Static<typeof UsernameAvailabilitySchema>;

export const ForgotPasswordBodySchema = Type.Object({ email: SingleLine(254) }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBodySchema>;

/** The same answer whether or not the address has an account. */
export const ForgotPasswordAnswerSchema = Type.Object({ message: Type.String() });

/** Spec §7: the reset screen posts exactly `{ token, newPassword }` (to /api/auth/reset-password). */
export const ResetPasswordBodySchema = Type.Object(
  { token: SingleLine(200), newPassword: SingleLine(128) },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** A browser error the app could not handle, reported so that it is seen (spec §8 swallowed them). */
export const ClientErrorReportSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('error'), Type.Literal('unhandledrejection'), Type.Literal('render')]),
    message: MultiLine(1000),
    stack: Type.Optional(MultiLine(8000)),
    /** The page's path (no query string: it may hold a reset token). */
    path: SingleLine(500),
    /** The bundle that raised it (shell or a remote), when known. */
    source: Type.Optional(SingleLine(40)),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReportSchema>;

/** Which sign-in providers this deployment offers (the shell hides the others' buttons). */
export const AuthProvidersSchema = Type.Object({ google: Type.Boolean() });
export type AuthProviders = Static<typeof AuthProvidersSchema>;

/**
 * `GET /api/identity/auth/google/start?redirect=/path`: where to land after signing in (same-app paths
 * only). `app_redirect` (the iOS app: exactly one of identity's `GOOGLE_NATIVE_REDIRECTS`, e.g.
 * `vere://auth/callback`) makes the callback return there with a one-time code instead of a cookie.
 */
export const GoogleStartQuerySchema = Type.Object({
  redirect: Type.Optional(SingleLine(512)),
  app_redirect: Type.Optional(SingleLine(512)),
});
export type GoogleStartQuery = Static<typeof GoogleStartQuerySchema>;

/**
 * The provider's answer on identity's callback: `code` and `state`, or `error`; `iss` per RFC 9207.
 * Anything else the provider adds is ignored.
 */
export const GoogleCallbackQuerySchema = Type.Object({
  code: Type.Optional(SingleLine(2048)),
  state: Type.Optional(SingleLine(512)),
  iss: Type.Optional(SingleLine(2048)),
  error: Type.Optional(SingleLine(256)),
  error_description: Type.Optional(MultiLine(2048)),
});
export type GoogleCallbackQuery = Static<typeof GoogleCallbackQuerySchema>;

/** A one-time sign-in code: 32 random bytes, base64url (what identity puts in the app's redirect). */
export const APP_SIGN_IN_CODE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/**
 * `POST /api/identity/auth/google/exchange`: the iOS app trades the one-time code from
 * `vere://auth/callback?code=…` for a session (answered as a sign-in: AuthSession + refresh cookie).
 */
export const GoogleCodeExchangeBodySchema = Type.Object(
  { code: Type.String({ pattern: APP_SIGN_IN_CODE_PATTERN, minLength: 43, maxLength: 43 }) },
  { additionalProperties: false },
);
export type GoogleCodeExchangeBody = Static<typeof GoogleCodeExchangeBodySchema>;

/**
 * Why a Google sign-in did not finish: identity redirects to `/auth/callback?error=<code>` and the
 * callback screen maps the code to the spec's message (never shows provider text).
 */
export const OIDC_CALLBACK_ERRORS = [
  /** The state is missing, unknown, expired, used, or not the one this browser started. */
  'STATE_INVALID',
  /** The user cancelled at the provider, or it refused the request. */
  'ACCESS_DENIED',
  /** The provider does not vouch for the e-mail address. */
  'EMAIL_NOT_VERIFIED',
  /** The code exchange or the ID-token checks (issuer, audience, expiry, nonce, PKCE) failed. */
  'EXCHANGE_FAILED',
  /** The provider could not be reached. */
  'PROVIDER_UNAVAILABLE',
  /** Anything else (a bug, the database). */
  'INTERNAL',
] as const;
export type OidcCallbackError = (typeof OIDC_CALLBACK_ERRORS)[number];
