import { Link } from 'react-router-dom';
import { EmptyState, IconCompass, buttonClassName } from '@vere/web-ui';

export function AreaNotFound() {
  return (
    <div className="vui-page">
      <EmptyState
        headingLevel={1}
        icon={<IconCompass size={32} />}
        title="Page not found"
        description="This challenge wandered off. Head back to the hub."
        action={
          <Link to="/" className={buttonClassName()}>
            Back to Challenges
          </Link>
        }
      />
    </div>
  );
}
