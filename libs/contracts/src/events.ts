import { Type, type Static, type TSchema } from 'typebox';
import { AvatarConfigSchema } from './identity';

/** Fields every event payload carries. */
const Meta = {
  eventId: Type.String({ format: 'uuid' }),
  occurredAt: Type.String({ description: 'ISO 8601' }),
  userId: Type.String({ format: 'uuid' }),
};

export interface EventContract<S extends TSchema = TSchema> {
  subject: string;
  schema: S;
}

const contract = <S extends TSchema>(subject: string, schema: S): EventContract<S> => ({ subject, schema });

/** identity: an account was created. Carries no e-mail address: consumers need only what they display. */
export const UserRegistered = contract(
  'identity.user.registered.v1',
  Type.Object({ ...Meta, name: Type.String(), username: Type.Union([Type.String(), Type.Null()]) }),
);
export type UserRegisteredPayload = Static<typeof UserRegistered.schema>;

/**
 * identity: the user changed what others see of them. Carries the whole public profile after the
 * change (never the e-mail address), so a consumer keeps the newest copy without asking identity.
 */
export const ProfileUpdated = contract(
  'identity.profile.updated.v1',
  Type.Object({
    ...Meta,
    name: Type.String(),
    username: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
  }),
);
export type ProfileUpdatedPayload = Static<typeof ProfileUpdated.schema>;

/**
 * identity: the account was deleted. Every service erases or anonymises what it holds about the
 * user when it sees this (and ignores later events about them).
 */
export const UserDeleted = contract('identity.user.deleted.v1', Type.Object({ ...Meta }));
export type UserDeletedPayload = Static<typeof UserDeleted.schema>;

export const Events = { UserRegistered, ProfileUpdated, UserDeleted } as const;
