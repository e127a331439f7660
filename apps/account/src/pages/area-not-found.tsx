import { Link } from 'react-router-dom';
import { EmptyState, IconCompass, buttonClassName } from '@vere/web-ui';

export function AreaNotFound() {
  return (
    <div className="vui-page">
      <EmptyState
        headingLevel={1}
        icon={<IconCompass size={32} />}
        title="Page not found"
        description="We couldn't find that page in your account."
        action={
          <Link to="/settings" className={buttonClassName()}>
            Back to Settings
          </Link>
        }
      />
    </div>
  );
}
