import { BillingExportSchema, EntitlementSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { BillingDeps } from '../use-cases/deps';
import { exportBillingData, readEntitlement } from '../use-cases/entitlement';

export async function entitlementRoutes(app: ServiceApp, opts: { deps: BillingDeps }): Promise<void> {
  const { deps } = opts;

  app.get(
    '/api/billing/me/entitlement',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['entitlement'],
        summary: "The signed-in user's Pro entitlement (spec §3 subscription status result)",
        security: [{ bearer: [] }],
        response: { 200: EntitlementSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readEntitlement(deps, request.userId);
    },
  );

  app.get(
    '/api/billing/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['entitlement'],
        summary: 'Everything billing holds about the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: BillingExportSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => {
      const { entitlement, subscriptions } = await exportBillingData(deps, request.userId);
      return {
        service: 'billing' as const,
        entitlement: entitlement && {
          isActive: entitlement.isActive,
          source: entitlement.source,
          productId: entitlement.productId,
          expirationDate: entitlement.expirationDate,
          willRenew: entitlement.willRenew,
        },
        subscriptions: subscriptions.map((s) => ({
          source: s.source,
          productId: s.productId,
          status: s.status,
          accessUntil: s.accessUntil?.toISOString() ?? null,
          willRenew: s.willRenew,
          createdAt: s.createdAt.toISOString(),
        })),
      };
    },
  );
}
