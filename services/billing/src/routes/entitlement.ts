import type { ServiceApp } from '@vere/service-kit';
import { Type } from 'typebox';
import type { PrismaClient } from '../generated/prisma/client';

const EntitlementBody = Type.Object({
  isPro: Type.Boolean(),
  source: Type.String({ description: 'stripe, revenuecat or none' }),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

export async function entitlementRoutes(app: ServiceApp, opts: { prisma: PrismaClient }): Promise<void> {
  app.get('/api/billing/me/entitlement', {
    onRequest: app.authenticate,
    schema: {
      tags: ['entitlement'], summary: 'Whether the signed-in user is Pro', security: [{ bearer: [] }],
      response: { 200: EntitlementBody, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const row = await opts.prisma.entitlement.findUnique({ where: { userId: request.userId } });
    const active = !!row?.isPro && (!row.expiresAt || row.expiresAt > new Date());
    return { isPro: active, source: active ? row!.source : 'none', expiresAt: active ? (row!.expiresAt?.toISOString() ?? null) : null };
  });
}
