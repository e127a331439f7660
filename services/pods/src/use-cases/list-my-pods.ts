import type { MyPods } from '@vere/contracts';
import type { PodsRepository } from '../repositories/pods-repository';

/** The signed-in user's pods (created or joined), newest first. */
export async function listMyPods(pods: PodsRepository, userId: string): Promise<MyPods> {
  return { pods: await pods.listForMember(userId) };
}
