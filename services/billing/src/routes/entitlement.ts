import { BillingExportSchema, EntitlementSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { EntitlementsRepository } from '../repositories/entitlements-repository';
import { getEntitlement } from '../use-cases/get-entitlement';

export async function entitlementRoutes(app: ServiceApp, opts: { entitlements: EntitlementsRepository }): Promise<void> {
  app.get('/api/billing/me/entitlement', {
    onRequest: app.authenticate,
    schema: {
      tags: ['entitlement'], summary: 'Whether the signed-in user is Pro', security: [{ bearer: [] }],
      response: { 200: EntitlementSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => getEntitlement(opts.entitlements, request.userId));

  app.get('/api/billing/me/export', {
    onRequest: app.authenticate,
    schema: {
      tags: ['entitlement'], summary: 'Everything billing holds about the signed-in user', security: [{ bearer: [] }],
      response: { 200: BillingExportSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const row = await opts.entitlements.exportOf(request.userId);
    return { service: 'billing' as const, entitlement: row && { ...row, expiresAt: row.expiresAt?.toISOString() ?? null } };
  });
}
