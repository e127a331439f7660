import './notification-centre.css';
import type { NotificationItem } from '@vere/contracts';
import { useNavigate } from '@vere/web-router';
import { Button, Dialog, EmptyState, ErrorCard, IconBell, Skeleton, cx } from '@vere/web-ui';
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

/** The notification centre (issue 25), opened by the bell (notification-bell.tsx), which loads it. */
export function NotificationCentre({ unread, onClose }: { unread: number; onClose: () => void }) {
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
