import { Link } from '@vere/web-router';
import { useEntitlement } from '@vere/web-kit';
import { Banner, Button, Card, IconCrown, buttonClassName } from '@vere/web-ui';
import { useCheckout } from '../features/billing/hooks/use-checkout';

/** `/payment`: what is bought and for how much, then secure checkout (Stripe, or the local test checkout). */
export function PaymentPage() {
  const { data: entitlement } = useEntitlement();
  const checkout = useCheckout();
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Payment</h1>
        <p className="vui-page-subtitle">Vere Pro · $0.99 / month</p>
      </header>
      <Card className="ac-payment">
        <p className="ac-pro-card__title">
          <IconCrown size={20} /> Vere Pro, monthly
        </p>
        <dl className="ac-payment__lines">
          <div>
            <dt>Price</dt>
            <dd>$0.99 / month</dd>
          </div>
          <div>
            <dt>Starts</dt>
            <dd>Today</dd>
          </div>
          <div>
            <dt>Renews</dt>
            <dd>Monthly, until you cancel</dd>
          </div>
        </dl>
        {entitlement?.isActive ? (
          <Link to="/subscription" className={buttonClassName({ variant: 'secondary' })}>
            You&apos;re already Pro · Manage subscription
          </Link>
        ) : (
          <Button
            variant="pro"
            block
            loading={checkout.pending}
            disabled={!entitlement}
            onClick={() => void checkout.start()}
          >
            Continue to checkout
          </Button>
        )}
        {checkout.error ? <Banner tone="error">{checkout.error}</Banner> : null}
        <p className="ac-muted">Card details are handled by our payment provider; Vere never sees them.</p>
      </Card>
    </div>
  );
}
