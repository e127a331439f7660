import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import {
  announceEntitlementChange,
  entitlementQueryKey,
  getEntitlement,
  isApiError,
  useSession,
} from '@vere/web-session';
import {
  loadPurchases,
  nativePlatform,
  purchasePro,
  restorePro,
  type IosPurchaseDeps,
  type PurchaseOutcome,
} from '@vere/web-billing-ios';
import { getIosBillingConfig } from '../api/get-ios-billing-config';
import { startCheckout } from '../api/start-checkout';

/** What the upgrade button says when billing refuses, by the stable error code (never the raw message). */
export function checkoutErrorMessage(error: unknown, ios = false): string {
  if (isApiError(error)) {
    if (error.code === 'CONFLICT') return "You're already a Pro member.";
    if (error.code === 'PROVIDER_NOT_CONFIGURED')
      return ios ? 'In-app purchases are not available right now.' : 'Card payments are not available right now.';
    if (error.code === 'NETWORK_ERROR' || error.status >= 500)
      return "We couldn't reach checkout. Check your connection and try again.";
  }
  return 'Something went wrong. Please try again.';
}

/** After an App Store purchase: ask billing (fed by RevenueCat's webhook) until it says Pro, up to 30 s. */
async function billingConfirms(): Promise<boolean> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if ((await getEntitlement().catch(() => null))?.isActive) return true;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  return false;
}

/**
 * The upgrade action. On the web: a Checkout Session (Stripe, or the local test checkout), one
 * attempt id per page visit so a double click reuses it. Inside the iOS app: the App Store purchase
 * through RevenueCat (`@vere/web-billing-ios`, loaded on iOS only), Pro confirmed by billing.
 */
export function useCheckout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  const attemptId = useRef<string>(crypto.randomUUID());
  const userId = useSession((s) => s.user?.id ?? null);
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ios = nativePlatform() === 'ios';

  const runIos = useCallback(
    async (flow: (deps: IosPurchaseDeps) => Promise<PurchaseOutcome>) => {
      if (!userId) return;
      const [{ revenueCatApiKey }, purchases] = await Promise.all([getIosBillingConfig(), loadPurchases()]);
      const outcome = await flow({
        purchases,
        platform: 'ios',
        apiKey: revenueCatApiKey,
        userId,
        waitForEntitlement: billingConfirms,
        reload: () => window.location.reload(),
      });
      if (outcome.ok) {
        setNotice(outcome.message);
        await client.invalidateQueries({ queryKey: entitlementQueryKey(userId) });
        announceEntitlementChange();
      } else {
        setError(outcome.message);
      }
    },
    [client, userId],
  );

  const start = useCallback(async () => {
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      if (ios) {
        await runIos(purchasePro);
        setPending(false);
        return;
      }
      const { url } = await startCheckout(attemptId.current);
      navigate(url);
    } catch (err) {
      setError(checkoutErrorMessage(err, ios));
      setPending(false);
    }
  }, [ios, navigate, runIos]);

  const restore = useCallback(async () => {
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      await runIos(restorePro);
    } catch (err) {
      setError(checkoutErrorMessage(err, true));
    }
    setPending(false);
  }, [runIos]);

  return { start, restore, ios, pending, error, notice };
}
