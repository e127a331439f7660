import type { PodAllowance } from '@vere/contracts';
import { podCapReason } from '@vere/domain';

/** The rule, stated plainly wherever pods are created (spec accounts-shell-billing §6): built in libs/domain from the numbers the server enforces. */
export { POD_RULE } from '@vere/domain';

export function atCreationCap(a: PodAllowance): boolean {
  return a.podCreationCap !== null && a.podsCreated >= a.podCreationCap;
}

/** "You've created 1 of 1 pods." / "Pro: create as many pods as you like." (the caps come from the server's answer) */
export function allowanceLine(a: PodAllowance): string {
  if (a.podCreationCap === null) return `Pro: create as many pods as you like, up to ${a.memberCap} members each.`;
  const cap = a.podCreationCap;
  return `You've created ${a.podsCreated} of ${cap} ${cap === 1 ? 'pod' : 'pods'} (up to ${a.memberCap} members each).`;
}

/** Why a free user cannot create another pod, and what would change it. */
export function capReason(a: PodAllowance): string {
  return podCapReason({ level: a.level, cap: a.podCreationCap ?? 0 });
}
