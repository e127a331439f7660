// Issue 10, spec §1 and accounts-shell-billing §6: the pod caps and the pod fields' limits. The pods
// service enforces them, the contracts bound the request bodies with them and the connect remote
// shows them; the sentences a user reads are built from these numbers, never typed again.

export const POD_RULES = {
  /** Pods a free user may have created at once. */
  freeCreationCap: 1,
  /** From this level on a free user may have created `levelCreationCap` pods (spec: "level 10 unlocks pod creation"). */
  creationLevel: 10,
  levelCreationCap: 3,
  /** Members a pod holds, the creator included: a free creator's pod, a Pro creator's pod. */
  freeMemberCap: 8,
  proMemberCap: 99,
} as const;

/** A pod's name: 1 to 50 characters once trimmed. */
export const POD_NAME_MIN = 1;
export const POD_NAME_MAX = 50;
/** A pod's description: up to 280 characters once trimmed (blank = none). */
export const POD_DESCRIPTION_MAX = 280;

/** Where a user stands for the caps (from the entitlement and level read models). */
export interface CapStanding {
  isPro: boolean;
  level: number;
}

/** Pods the user may have created at once; null = unlimited (Pro). */
export function podCreationCap(s: CapStanding): number | null {
  if (s.isPro) return null;
  return s.level >= POD_RULES.creationLevel ? POD_RULES.levelCreationCap : POD_RULES.freeCreationCap;
}

/** Members a pod of this creator may hold (the creator included). */
export function memberCap(creator: CapStanding): number {
  return creator.isPro ? POD_RULES.proMemberCap : POD_RULES.freeMemberCap;
}

const pods = (n: number) => (n === 1 ? `${n} pod` : `${n} pods`);

/** The rule, stated plainly wherever pods are created. */
export const POD_RULE =
  `Free: ${pods(POD_RULES.freeCreationCap)}, ${POD_RULES.levelCreationCap} from level ${POD_RULES.creationLevel}; ` +
  `Pro: unlimited pods and up to ${POD_RULES.proMemberCap} members.`;

/** Why a free user at their cap cannot create another pod, and what would lift it (the service's 409). */
export function podCreationLimitMessage(s: CapStanding & { cap: number }): string {
  if (s.level < POD_RULES.creationLevel) {
    return `You can have ${pods(s.cap)} of your own. Reach level ${POD_RULES.creationLevel} for ${POD_RULES.levelCreationCap}, or go Pro for unlimited pods.`;
  }
  return `You can have ${pods(s.cap)} of your own. Go Pro for unlimited pods.`;
}

/** Why a free user at their cap cannot create another pod, as the create-pod screen says it. */
export function podCapReason(s: { level: number; cap: number }): string {
  const lift =
    s.level < POD_RULES.creationLevel
      ? ` Reach level ${POD_RULES.creationLevel} to create up to ${POD_RULES.levelCreationCap}, or go Pro for unlimited pods.`
      : ' Go Pro for unlimited pods.';
  return `You've reached your limit of ${pods(s.cap)} on the free plan.${lift} Joining friends' pods is always free.`;
}

/** The service's answer to a name outside the limits. */
export const POD_NAME_RULE = `A pod name has ${POD_NAME_MIN} to ${POD_NAME_MAX} characters.`;

export interface PodFieldErrors {
  name?: string;
  description?: string;
}

/** The pod form's fields as a person reads the errors (the service trims and checks the same limits). */
export function podFieldErrors(name: string, description: string): PodFieldErrors {
  const errors: PodFieldErrors = {};
  const n = name.trim();
  if (n.length < POD_NAME_MIN) errors.name = 'Give your pod a name.';
  else if (n.length > POD_NAME_MAX) errors.name = `Keep the name to ${POD_NAME_MAX} characters or fewer.`;
  if (description.trim().length > POD_DESCRIPTION_MAX)
    errors.description = `Keep the description to ${POD_DESCRIPTION_MAX} characters or fewer.`;
  return errors;
}
