import { Link } from 'react-router-dom';
import { EmptyState, IconCrown, buttonClassName } from '@vere/web-ui';

export function PaymentPage() {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Payment</h1>
        <p className="vui-page-subtitle">Vere Pro · $0.99 / month</p>
      </header>
      <EmptyState
        icon={<IconCrown size={32} />}
        title="Checkout opens soon"
        description="Card payments are being wired up. Nothing will be charged yet."
        action={
          <Link to="/vere-pro" className={buttonClassName({ variant: 'secondary' })}>
            Back to Vere Pro
          </Link>
        }
      />
    </div>
  );
}
