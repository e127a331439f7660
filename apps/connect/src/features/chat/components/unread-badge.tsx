/** A count of unread messages: the number is shown, the words are read out. Nothing when zero. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="cn-badge" data-testid="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="vui-visually-hidden">{count === 1 ? '1 unread message' : `${count} unread messages`}</span>
    </span>
  );
}
