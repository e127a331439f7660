import { MyPodsSchema, PodAllowanceSchema, PodsExportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { getAllowance } from '../use-cases/allowance';
import { listMyPods } from '../use-cases/list-my-pods';
import { exportMyData } from '../use-cases/your-data';

export async function myPodsRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.get(
    '/api/pods/me/pods',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Pods the signed-in user belongs to',
        security: [{ bearer: [] }],
        response: { 200: MyPodsSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => listMyPods(deps, request.userId),
  );

  app.get(
    '/api/pods/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Everything pods holds about the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: PodsExportSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => exportMyData(deps, request.userId),
  );

  app.get(
    '/api/pods/me/allowance',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'How many pods the signed-in user may create, and how many members they hold',
        security: [{ bearer: [] }],
        response: { 200: PodAllowanceSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getAllowance(deps, request.userId),
  );
}
