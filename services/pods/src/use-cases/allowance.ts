import type { PodAllowance } from '@vere/contracts';
import { memberCap, podCreationCap } from '@vere/domain';
import type { PodsDeps } from '../deps';

/** The caps as the create-pod screen shows them. */
export async function getAllowance(deps: PodsDeps, userId: string): Promise<PodAllowance> {
  const s = await deps.readModels.standingOf(deps.db, userId);
  return {
    isPro: s.isPro,
    level: s.level,
    podsCreated: s.podsCreated,
    podCreationCap: podCreationCap(s),
    memberCap: memberCap(s),
  };
}
