import { MyPodsSchema, PodsExportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsRepository } from '../repositories/pods-repository';
import { listMyPods } from '../use-cases/list-my-pods';

export async function myPodsRoutes(app: ServiceApp, opts: { pods: PodsRepository }): Promise<void> {
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
  }, async (request) => ({ service: 'pods' as const, pods: await opts.pods.exportFor(request.userId) }));
}
