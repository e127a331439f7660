import type { PodAllowance } from '@vere/contracts';
import { standingOf, type Queryable } from '../repositories/standing-repository';
import { memberCap, podCreationCap } from './pod-rules';

/** The caps as the create-pod screen shows them. */
export async function getAllowance(db: Queryable, userId: string): Promise<PodAllowance> {
  const s = await standingOf(db, userId);
  return { isPro: s.isPro, level: s.level, podsCreated: s.podsCreated, podCreationCap: podCreationCap(s), memberCap: memberCap(s) };
}
