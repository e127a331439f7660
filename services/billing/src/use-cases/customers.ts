import { AppError } from '@vere/service-kit';
import type { BillingDeps } from './deps';

/**
 * Links a Stripe customer to its user and answers the customer id kept (the first one linked), or
 * null when the account was deleted: under the user's lock, as the erasure runs, so no link outlives it.
 */
export function linkCustomer(deps: BillingDeps, userId: string, customerId: string): Promise<string | null> {
  return deps.transaction(async (tx) => {
    await deps.entitlements.lockUser(tx, userId);
    if (await deps.entitlements.isErased(tx, userId)) return null;
    return deps.customers.link(tx, userId, customerId);
  });
}

/** As `linkCustomer`, for a signed-in request: a deleted account is refused (its token outlived it by seconds). */
export async function linkOwnCustomer(deps: BillingDeps, userId: string, customerId: string): Promise<string> {
  const kept = await linkCustomer(deps, userId, customerId);
  if (!kept) throw new AppError('UNAUTHENTICATED', 'This account no longer exists.');
  return kept;
}
