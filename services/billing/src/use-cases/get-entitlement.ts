import type { Entitlement, EntitlementSource } from '@vere/contracts';
import type { EntitlementRecord, EntitlementsRepository } from '../repositories/entitlements-repository';

const SOURCES: readonly EntitlementSource[] = ['stripe', 'revenuecat'];

/** Pro right now: a Pro record that has not expired. Anything else reads as free ("none"). */
export function currentEntitlement(record: EntitlementRecord | null, now = new Date()): Entitlement {
  const active = !!record?.isPro && (!record.expiresAt || record.expiresAt > now);
  if (!active) return { isPro: false, source: 'none', expiresAt: null };
  const source = SOURCES.find((s) => s === record.source) ?? 'none';
  return { isPro: true, source, expiresAt: record.expiresAt?.toISOString() ?? null };
}

export async function getEntitlement(entitlements: EntitlementsRepository, userId: string): Promise<Entitlement> {
  return currentEntitlement(await entitlements.findByUser(userId));
}
