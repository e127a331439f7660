import type { ServiceApp } from '@vere/service-kit';
import { Type } from 'typebox';
import type { PrismaClient } from '../generated/prisma/client';

const PodSummary = Type.Object({
  id: Type.String(), name: Type.String(), currentStreak: Type.Integer(), memberCount: Type.Integer(),
});

export async function myPodsRoutes(app: ServiceApp, opts: { prisma: PrismaClient }): Promise<void> {
  app.get('/api/pods/me/pods', {
    onRequest: app.authenticate,
    schema: {
      tags: ['pods'], summary: 'Pods the signed-in user belongs to', security: [{ bearer: [] }],
      response: { 200: Type.Object({ pods: Type.Array(PodSummary) }), 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const pods = await opts.prisma.pod.findMany({
      where: { OR: [{ createdBy: request.userId }, { members: { some: { userId: request.userId } } }] },
      include: { _count: { select: { members: true } } },
      orderBy: { createdAt: 'desc' },
    });
    return {
      pods: pods.map((p) => ({ id: p.id, name: p.name, currentStreak: p.currentStreak, memberCount: p._count.members })),
    };
  });
}
