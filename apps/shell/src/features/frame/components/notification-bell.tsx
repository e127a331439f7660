import './notification-bell.css';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { NotificationItem } from '@vere/contracts';
import { useNavigate } from '@vere/web-router';
import { Button, Dialog, EmptyState, ErrorCard, IconBell, Skeleton, cx } from '@vere/web-ui';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationList } from '../api/list-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "5 minutes ago", "yesterday": the age of an item, in the user's language. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [7, 'day'],
    [Number.POSITIVE_INFINITY, 'week'],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return unit === 'second' ? 'just now' : relative.format(value, unit);
    value = Math.round(value / size);
  }
  return relative.format(value, 'week');
}

/** The unread count as the badge shows it. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The bell in the frame (issue 25): the unread count, and the centre in a dialog — newest first,
 * 20 at a time, mark all read; a tap marks the item read and opens its page (spec §2 routes).
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
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
      {open ? createPortal(<NotificationCentre unread={unread} onClose={() => setOpen(false)} />, document.body) : null}
    </>
  );
}

function NotificationCentre({ unread, onClose }: { unread: number; onClose: () => void }) {
  const navigate = useNavigate();
  const list = useNotificationList(true);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];

  const openItem = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate(item.id);
    onClose();
    void navigate(item.route);
  };

  return (
    <Dialog
      open
      title="Notifications"
      onClose={onClose}
      className="shell-centre"
      footer={
        unread > 0 ? (
          <Button variant="secondary" size="sm" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all as read
          </Button>
        ) : undefined
      }
    >
      {list.isPending ? (
        <div className="shell-centre__loading" aria-busy="true" data-testid="centre-loading">
          <span className="vui-visually-hidden">Loading notifications</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="3.5rem" radius="14px" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorCard
          title="Notifications did not load"
          message="Check your connection and try again."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconBell size={28} />}
          title="You're all caught up"
          description="Friend requests, reminders and pod news will land here."
        />
      ) : (
        <>
          <ul className="shell-centre__list" data-testid="notification-list">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={cx('shell-centre__item', !item.readAt && 'shell-centre__item--unread')}
                  onClick={() => openItem(item)}
                  data-testid="notification-item"
                >
                  <span className="shell-centre__title">
                    {!item.readAt ? <span className="vui-visually-hidden">Unread: </span> : null}
                    {item.title}
                  </span>
                  <span className="shell-centre__body">{item.body}</span>
                  <time className="shell-centre__time" dateTime={item.createdAt}>
                    {ago(item.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              block
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show older
            </Button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
