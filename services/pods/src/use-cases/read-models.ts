import type {
  EntitlementChangedPayload,
  LevelReachedPayload,
  ProfileUpdatedPayload,
  UserDeletedPayload,
  UserRegisteredPayload,
} from '@vere/contracts';
import { shownPhotoUrl } from '@vere/domain';
import { MalformedEventError, type PgTx } from '@vere/service-kit';
import type { PodsDeps } from '../deps';

/*
 * Effects of other services' events on pods' read models, each run by its durable consumer in one
 * unit of work with the inbox mark (service.ts). A user whose account was deleted before an event
 * arrived stays gone.
 */

type Effect<P> = (tx: PgTx, e: P) => Promise<void>;

/** identity.user.registered.v1: the profile row. */
export const registerProfile =
  (deps: PodsDeps): Effect<UserRegisteredPayload> =>
  async (tx, e) => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    await deps.readModels.insertProfile(tx, e);
  };

/** identity.profile.updated.v1: names, username and avatar shown in friends and pods. */
export const updateProfile =
  (deps: PodsDeps): Effect<ProfileUpdatedPayload> =>
  async (tx, e) => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    // Only a photo Vere serves itself is kept: every viewer's browser loads it (decision 0035).
    await deps.readModels.applyProfile(tx, { ...e, photoUrl: shownPhotoUrl(e.photoUrl) });
  };

/** billing.entitlement.changed.v1: the Pro flag behind the pod caps. */
export const updateEntitlement =
  (deps: PodsDeps): Effect<EntitlementChangedPayload> =>
  async (tx, e) => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    const expires = e.expirationDate === null ? null : new Date(e.expirationDate);
    if (expires !== null && Number.isNaN(expires.getTime()))
      throw new MalformedEventError(`expirationDate ${e.expirationDate} is not a date`);
    await deps.readModels.applyEntitlement(tx, e, expires);
  };

/** quests.level.reached.v1: the level behind the pod-creation cap and shown on members. */
export const updateLevel =
  (deps: PodsDeps): Effect<LevelReachedPayload> =>
  async (tx, e) => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    await deps.readModels.applyLevel(tx, e);
  };

/** identity.user.deleted.v1: the user leaves every pod and pods forgets them. */
export const forgetUser =
  (deps: PodsDeps): Effect<UserDeletedPayload> =>
  async (tx, e) => {
    await deps.feed.eraseUser(tx, e.userId);
    await deps.podPlaybooks.erase(tx, e.userId);
    await deps.pods.eraseMember(tx, e.userId);
    await deps.readModels.eraseUser(tx, e.userId);
  };
