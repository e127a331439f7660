import type { RedirectUrl } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** The customer portal of the user's web subscription (404 NOT_FOUND without one). */
export function openBillingPortal(): Promise<RedirectUrl> {
  return apiFetch<RedirectUrl>('/api/billing/portal', { method: 'POST' });
}
