import { Type, type Static } from 'typebox';

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type User = Static<typeof UserSchema>;

export const SignUpBodySchema = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 128 }),
    name: Type.String({ maxLength: 80 }),
    username: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBodySchema>;

export const SignInBodySchema = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 128 }),
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
