import './notification-bell.css';
import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconBell, cx, notify } from '@vere/web-ui';
import { OptionalPart } from '../../../shared/components/optional-part';
import { useRetryableLazy } from '@vere/web-kit';
import { useUnreadCount } from '../api/get-unread-count';

const loadCentre = () => import(/* webpackChunkName: "notification-centre" */ './notification-centre');
const loadCentrePart = () => loadCentre().then((m) => m.NotificationCentre);

/** The unread count as the badge shows it. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The bell in the frame (issue 25): the unread count, and the centre in a dialog — newest first,
 * 20 at a time, mark all read; a tap marks the item read and opens its page (spec §2 routes). The
 * centre's code is fetched when the bell is pointed at, focused or tapped, not with the first paint
 * (issue 28); if it does not arrive, the bell says so and the next tap asks again.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const { Component: NotificationCentre, failed } = useRetryableLazy(loadCentrePart);
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <button
        type="button"
        className={cx('shell-bell', className)}
        aria-label={label}
        aria-haspopup="dialog"
        data-testid="notification-bell"
        onPointerEnter={() => void loadCentre()}
        onFocus={() => void loadCentre()}
        onClick={() => setOpen(true)}
      >
        <IconBell size={22} />
        {unread > 0 ? (
          <span className="shell-bell__badge" data-testid="notification-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {/* In <body>: the bar holding this bell is hidden at the other layout's width (a resize keeps it open). */}
      {open
        ? createPortal(
            <OptionalPart
              name="notification centre"
              onError={() => {
                setOpen(false);
                failed();
                notify.error("Notifications didn't load. Check your connection and try again.");
              }}
            >
              <Suspense fallback={null}>
                <NotificationCentre unread={unread} onClose={() => setOpen(false)} />
              </Suspense>
            </OptionalPart>,
            document.body,
          )
        : null}
    </>
  );
}
