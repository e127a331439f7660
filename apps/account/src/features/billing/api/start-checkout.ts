import type { RedirectUrl } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Starts web checkout; `attemptId` is one per upgrade action, so a double click opens one session. */
export function startCheckout(attemptId: string): Promise<RedirectUrl> {
  return apiFetch<RedirectUrl>('/api/billing/checkout', { method: 'POST', json: { attemptId } });
}
