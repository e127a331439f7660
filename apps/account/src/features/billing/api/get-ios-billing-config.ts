import type { IosBillingConfig } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** RevenueCat's public SDK key, for the iOS app's purchase flow. */
export function getIosBillingConfig(): Promise<IosBillingConfig> {
  return apiFetch<IosBillingConfig>('/api/billing/ios/config');
}
