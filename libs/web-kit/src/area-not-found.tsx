import { Link } from '@vere/web-router';
import { EmptyState, IconCompass, buttonClassName } from '@vere/web-ui';

/** The not-found page inside an area: says where you are and links back to the area's home. */
export function AreaNotFound({
  description,
  backTo,
  backLabel,
}: {
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="vui-page">
      <EmptyState
        headingLevel={1}
        icon={<IconCompass size={32} />}
        title="Page not found"
        description={description}
        action={
          <Link to={backTo} className={buttonClassName()}>
            {backLabel}
          </Link>
        }
      />
    </div>
  );
}
