import type { PodsExport, PodSummary } from '@vere/contracts';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

/** Stands in for the creator of a pod whose creator deleted their account. */
export const ERASED_USER_ID = '00000000-0000-0000-0000-000000000000';

/** Data access for pods: no rules here (see use-cases/). */
export interface PodsRepository {
  /** Pods the user created or is a member of, newest first. */
  listForMember(userId: string): Promise<PodSummary[]>;
  /** The user's pods as "Your data" shows them. */
  exportFor(userId: string): Promise<PodsExport['pods']>;
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
    async exportFor(userId) {
      const pods = await prisma.pod.findMany({
        where: { OR: [{ createdBy: userId }, { members: { some: { userId } } }] },
        include: { _count: { select: { members: true } }, members: { where: { userId } } },
        orderBy: { createdAt: 'asc' },
      });
      return pods.map((p) => ({
        id: p.id, name: p.name, currentStreak: p.currentStreak, memberCount: p._count.members,
        createdByYou: p.createdBy === userId, joinedAt: p.members[0]?.joinedAt.toISOString() ?? null,
      }));
    },
  };
}

/**
 * Inside the consumer's transaction: the user's log entries go, they leave every pod; a pod they created is deleted when
 * nobody else is in it, and otherwise no longer names them as its creator.
 */
export async function eraseMember(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.podLog.deleteMany({ where: { userId } });
  await tx.podMember.deleteMany({ where: { userId } });
  await tx.pod.deleteMany({ where: { createdBy: userId, members: { none: {} } } });
  await tx.pod.updateMany({ where: { createdBy: userId }, data: { createdBy: ERASED_USER_ID } });
}
