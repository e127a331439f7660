import { randomUUID } from 'node:crypto';
import {
  EntitlementChanged,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  type EntitlementChangedPayload,
  type ProfileUpdatedPayload,
  type UserDeletedPayload,
  type UserRegisteredPayload,
} from '@vere/contracts';

// The events identity and billing publish that other services consume, as a test publishes them in
// their place. Payloads are typed by @vere/contracts, so a contract change breaks these at compile time.

type Meta = { eventId: string; occurredAt: string; userId: string };
type Fields<P extends Meta> = Omit<P, keyof Meta>;

/** An event as it travels on the bus (service-kit's `DomainEvent`). */
export interface TestEvent<P extends Meta> {
  subject: string;
  payload: P;
}

/** What the publishers need of a bus: service-kit's in-process bus. */
export interface TestEventBus {
  publish(event: TestEvent<Meta>): Promise<void>;
  /** Resolves once every consumer has handled everything published. */
  idle(): Promise<void>;
}

let lastOccurredAt = 0;

/** As service-kit's `newEvent`: a new event id and an `occurredAt` that grows with every event. */
function event<P extends Meta>(subject: string, userId: string, fields: Fields<P>): TestEvent<P> {
  lastOccurredAt = Math.max(Date.now(), lastOccurredAt + 1);
  return {
    subject,
    payload: { ...fields, eventId: randomUUID(), occurredAt: new Date(lastOccurredAt).toISOString(), userId } as P,
  };
}

/** What a test may set of each event (the rest has defaults; id, time and user come separately). */
export type RegisteredFields = Partial<Fields<UserRegisteredPayload>>;
export type ProfileFields = Partial<Fields<ProfileUpdatedPayload>>;
export type EntitlementFields = Pick<EntitlementChangedPayload, 'version' | 'isActive'> &
  Partial<Fields<EntitlementChangedPayload>>;

const defaultUsername = (userId: string) => `ana_${userId.slice(0, 6)}`;

/** identity.user.registered.v1: name `Ana` and username `ana_<id's first 6>` unless given. */
export const userRegistered = (userId: string, fields: RegisteredFields = {}) =>
  event<UserRegisteredPayload>(UserRegistered.subject, userId, {
    name: 'Ana',
    username: defaultUsername(userId),
    ...fields,
  });

/** identity.profile.updated.v1: the whole public profile, `Ana` with no display name, photo or avatar unless given. */
export const profileUpdated = (userId: string, fields: ProfileFields = {}) =>
  event<ProfileUpdatedPayload>(ProfileUpdated.subject, userId, {
    name: 'Ana',
    username: defaultUsername(userId),
    displayName: null,
    photoUrl: null,
    avatarConfig: null,
    ...fields,
  });

/** identity.user.deleted.v1. */
export const userDeleted = (userId: string) => event<UserDeletedPayload>(UserDeleted.subject, userId, {});

/** billing.entitlement.changed.v1: a monthly Stripe subscription, renewing while active, without an end unless given. */
export const entitlementChanged = (userId: string, fields: EntitlementFields) =>
  event<EntitlementChangedPayload>(EntitlementChanged.subject, userId, {
    productId: 'vere_pro_monthly',
    expirationDate: null,
    willRenew: fields.isActive,
    source: 'stripe',
    ...fields,
  });

// Publishers: publish the event, wait until every consumer has handled it, and answer it.

async function publish<P extends Meta>(bus: TestEventBus, e: TestEvent<P>): Promise<TestEvent<P>> {
  await bus.publish(e);
  await bus.idle();
  return e;
}

export const registerUser = (bus: TestEventBus, userId: string, fields?: RegisteredFields) =>
  publish(bus, userRegistered(userId, fields));

export const updateProfile = (bus: TestEventBus, userId: string, fields?: ProfileFields) =>
  publish(bus, profileUpdated(userId, fields));

export const deleteUser = (bus: TestEventBus, userId: string) => publish(bus, userDeleted(userId));

export const changeEntitlement = (bus: TestEventBus, userId: string, fields: EntitlementFields) =>
  publish(bus, entitlementChanged(userId, fields));
