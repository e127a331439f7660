import type { PodSummary } from '@vere/contracts';
import type { PrismaClient } from '../generated/prisma/client';

/** Data access for pods: no rules here (see use-cases/). */
export interface PodsRepository {
  /** Pods the user created or is a member of, newest first. */
  listForMember(userId: string): Promise<PodSummary[]>;
}

export function createPodsRepository(prisma: PrismaClient): PodsRepository {
  return {
    async listForMember(userId) {
      const pods = await prisma.pod.findMany({
        where: { OR: [{ createdBy: userId }, { members: { some: { userId } } }] },
        include: { _count: { select: { members: true } } },
        orderBy: { createdAt: 'desc' },
      });
      return pods.map((p) => ({ id: p.id, name: p.name, currentStreak: p.currentStreak, memberCount: p._count.members }));
    },
  };
}
