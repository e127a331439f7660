import { useIncomingRequestCount } from '../api/get-incoming-requests';

/** "9+" beyond nine, so the pill stays small. */
export const badgeText = (count: number): string => (count > 9 ? '9+' : String(count));

/** The count pill on the Connect tab and sidebar item (drawn on the icon's corner); a screen reader hears it after the label. */
export function IncomingRequestsBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="shell-nav__badge" data-testid="connect-badge">
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="vui-visually-hidden">
        {count} friend {count === 1 ? 'request' : 'requests'}
      </span>
    </span>
  );
}

export function ConnectBadge() {
  return <IncomingRequestsBadge count={useIncomingRequestCount()} />;
}
