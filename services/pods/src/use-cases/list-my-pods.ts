import type { MyPods } from '@vere/contracts';
import type { PodsDeps } from '../deps';

/** The signed-in user's pods (created or joined), newest first. */
export async function listMyPods(deps: PodsDeps, userId: string): Promise<MyPods> {
  return { pods: await deps.pods.listForMember(deps.db, userId) };
}
