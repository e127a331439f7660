/** Pod caps (issue 10, spec §1 and accounts §6). The SQL that enforces them reads these numbers. */
export const POD_RULES = {
  /** Active pods a free user may have created at once. */
  freeCreationCap: 1,
  /** From this level on a free user may have created `levelCreationCap` pods (spec: "level 10 unlocks pod creation"). */
  creationLevel: 10,
  levelCreationCap: 3,
  /** Members a pod holds, the creator included: free creators, Pro creators. */
  freeMemberCap: 8,
  proMemberCap: 99,
} as const;

/** Where a user stands for the caps (from the entitlement and level read models). */
export interface CapStanding {
  isPro: boolean;
  level: number;
}

/** null = unlimited. */
export function podCreationCap(s: CapStanding): number | null {
  if (s.isPro) return null;
  return s.level >= POD_RULES.creationLevel ? POD_RULES.levelCreationCap : POD_RULES.freeCreationCap;
}

export function memberCap(creator: CapStanding): number {
  return creator.isPro ? POD_RULES.proMemberCap : POD_RULES.freeMemberCap;
}
