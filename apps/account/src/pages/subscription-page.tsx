import { Link } from 'react-router-dom';
import { Card, buttonClassName } from '@vere/web-ui';
import { PlanStatus } from './plan-status';
import { useEntitlement } from './use-entitlement';

export function SubscriptionPage({ success = false }: { success?: boolean }) {
  const { data: entitlement } = useEntitlement();
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">{success ? 'Subscription confirmed' : 'Subscription'}</h1>
      </header>
      <Card className="ac-signout">
        {success ? (
          <p className="ac-muted">Thanks! We&apos;re confirming your payment.</p>
        ) : (
          <div className="ac-plan-row">
            <span className="ac-muted">Your plan</span>
            <PlanStatus testId="subscription-plan" />
          </div>
        )}
        {entitlement?.isPro === false ? (
          <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
            See Vere Pro
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
