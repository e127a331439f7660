import type { PodAllowance } from '@vere/contracts';

/** The rule, stated plainly wherever pods are created (spec accounts-shell-billing §6). */
export const POD_RULE = 'Free: 1 pod, 3 from level 10; Pro: unlimited pods and up to 99 members.';

export function atCreationCap(a: PodAllowance): boolean {
  return a.podCreationCap !== null && a.podsCreated >= a.podCreationCap;
}

/** "You've created 1 of 1 pods." / "Pro: create as many pods as you like." */
export function allowanceLine(a: PodAllowance): string {
  if (a.podCreationCap === null) return `Pro: create as many pods as you like, up to ${a.memberCap} members each.`;
  const cap = a.podCreationCap;
  return `You've created ${a.podsCreated} of ${cap} ${cap === 1 ? 'pod' : 'pods'} (up to ${a.memberCap} members each).`;
}

/** Why a free user cannot create another pod, and what would change it. */
export function capReason(a: PodAllowance): string {
  const cap = a.podCreationCap ?? 0;
  const levelHint = a.level < 10 ? ' Reach level 10 to create up to 3, or' : '';
  return `You've reached your limit of ${cap} ${cap === 1 ? 'pod' : 'pods'} on the free plan.${levelHint}${levelHint ? ' go' : ' Go'} Pro for unlimited pods. Joining friends' pods is always free.`;
}
