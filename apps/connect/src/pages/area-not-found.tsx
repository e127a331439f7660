import { Link } from 'react-router-dom';
import { EmptyState, IconCompass, buttonClassName } from '@vere/web-ui';

export function AreaNotFound() {
  return (
    <div className="vui-page">
      <EmptyState
        headingLevel={1}
        icon={<IconCompass size={32} />}
        title="Page not found"
        description="We couldn't find that page in Connect."
        action={
          <Link to="/connect" className={buttonClassName()}>
            Back to Connect
          </Link>
        }
      />
    </div>
  );
}
