/*
 * What a block hides (decision 0035). A block, either way, or a report of a user by the viewer hides
 * that user from the viewer everywhere a person is shown: search, friends and requests, chat, the
 * pod log and live updates. A shared pod keeps both members (the pod, its count and its streak are
 * everyone's), but each sees the other only as a hidden member.
 */

/** The name a pod member hidden from the viewer is shown with. */
export const HIDDEN_MEMBER_NAME = 'Hidden member';

/** The parts of a person a card shows. */
export interface PersonCard {
  name: string;
  username: string | null;
  photoUrl: string | null;
  avatarConfig: unknown;
  level: number;
}

/**
 * A card as a viewer the person is hidden from sees it: the membership stays (its id, so the pod's
 * creator can still remove them), nothing that tells who they are or how far they got.
 */
export function asHiddenMember<T extends PersonCard>(card: T): T {
  return { ...card, name: HIDDEN_MEMBER_NAME, username: null, photoUrl: null, avatarConfig: null, level: 1 };
}
