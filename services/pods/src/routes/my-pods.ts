import { MyPodsSchema, PodAllowanceSchema, PodsExportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import { socialExportOf } from '../repositories/export-repository';
import type { PodsRepository } from '../repositories/pods-repository';
import type { Queryable } from '../repositories/standing-repository';
import { getAllowance } from '../use-cases/allowance';
import { exportMessages } from '../use-cases/chat';
import { listMyPods } from '../use-cases/list-my-pods';

export async function myPodsRoutes(app: ServiceApp, opts: { pods: PodsRepository; db: Queryable }): Promise<void> {
  app.get('/api/pods/me/pods', {
    onRequest: app.authenticate,
    schema: {
      tags: ['pods'], summary: 'Pods the signed-in user belongs to', security: [{ bearer: [] }],
      response: { 200: MyPodsSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => listMyPods(opts.pods, request.userId));

  app.get('/api/pods/me/export', {
    onRequest: app.authenticate,
    schema: {
      tags: ['pods'], summary: 'Everything pods holds about the signed-in user', security: [{ bearer: [] }],
      response: { 200: PodsExportSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const [pods, chatMessages, social] = await Promise.all([
      opts.pods.exportFor(request.userId), exportMessages(opts.db, request.userId), socialExportOf(opts.db, request.userId),
    ]);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      service: 'pods' as const,
      pods,
      chatMessages,
      friendships: social.friendships.map((f) => ({ ...f, createdAt: f.createdAt.toISOString(), acceptedAt: iso(f.acceptedAt) })),
      blocks: social.blocks.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
      reports: social.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      podLogEntries: social.podLogEntries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    };
  });

  app.get('/api/pods/me/allowance', {
    onRequest: app.authenticate,
    schema: {
      tags: ['pods'], summary: 'How many pods the signed-in user may create, and how many members they hold', security: [{ bearer: [] }],
      response: { 200: PodAllowanceSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => getAllowance(opts.db, request.userId));
}
