import { useState } from 'react';
import { useEntitlement } from '@vere/web-kit';
import { Link } from '@vere/web-router';
import type { Entitlement } from '@vere/web-session';
import { Banner, Button, Card, buttonClassName } from '@vere/web-ui';
import { openBillingPortal } from '../features/billing/api/open-billing-portal';
import { PlanStatus } from '../features/billing/components/plan-status';

/** Apple's own page for the subscriptions of the signed-in Apple ID (spec §6). */
export const APP_STORE_SUBSCRIPTIONS_URL = 'https://apps.apple.com/account/subscriptions';

const SOURCE_LABELS: Record<Entitlement['source'], string> = {
  stripe: 'Card payment (web)',
  revenuecat: 'App Store',
  database: 'Granted by the Vere team',
  unknown: '—',
};

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "Renews on …", "Pro until …" or "No end date", from billing's entitlement. */
export function renewalLine(e: Entitlement): string | null {
  if (!e.isActive) return null;
  if (!e.expirationDate) return 'No end date';
  return e.willRenew
    ? `Renews on ${formatDate(e.expirationDate)}`
    : `Pro until ${formatDate(e.expirationDate)} · will not renew`;
}

/** `/subscription`: plan, where it comes from, its renewal date, and where to manage it. */
export function SubscriptionPage() {
  const { data: entitlement } = useEntitlement();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const manageOnWeb = async () => {
    setOpening(true);
    setError(null);
    try {
      const { url } = await openBillingPortal();
      window.location.assign(url);
    } catch {
      setError("We couldn't open the subscription portal. Please try again.");
      setOpening(false);
    }
  };
  const renewal = entitlement ? renewalLine(entitlement) : null;
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Subscription</h1>
      </header>
      <Card className="ac-subscription">
        <div className="ac-plan-row">
          <span className="ac-muted">Your plan</span>
          <PlanStatus testId="subscription-plan" />
        </div>
        {entitlement?.isActive ? (
          <dl className="ac-payment__lines">
            <div>
              <dt>Paid through</dt>
              <dd>{SOURCE_LABELS[entitlement.source]}</dd>
            </div>
            {renewal ? (
              <div>
                <dt>Renewal</dt>
                <dd data-testid="subscription-renewal">{renewal}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {entitlement?.isActive && entitlement.source === 'stripe' ? (
          <Button variant="secondary" loading={opening} onClick={() => void manageOnWeb()}>
            Manage subscription
          </Button>
        ) : null}
        {entitlement?.isActive && entitlement.source === 'revenuecat' ? (
          <a
            className={buttonClassName({ variant: 'secondary' })}
            href={APP_STORE_SUBSCRIPTIONS_URL}
            target="_blank"
            rel="noreferrer"
          >
            Manage in the App Store
          </a>
        ) : null}
        {error ? <Banner tone="error">{error}</Banner> : null}
        {entitlement?.isActive === false ? (
          <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
            Unlock Pro
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
