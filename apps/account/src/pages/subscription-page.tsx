import { Link } from 'react-router-dom';
import { Card, buttonClassName } from '@vere/web-ui';

export function SubscriptionPage({ success = false }: { success?: boolean }) {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">{success ? 'Subscription confirmed' : 'Subscription'}</h1>
      </header>
      <Card className="ac-signout">
        <p className="ac-muted">
          {success ? "Thanks! We're confirming your payment." : "You're on the Free plan."}
        </p>
        <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
          See Vere Pro
        </Link>
      </Card>
    </div>
  );
}
