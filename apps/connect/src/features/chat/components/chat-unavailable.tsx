import { Link } from '@vere/web-router';
import { EmptyState, IconLock, IconUsers, buttonClassName } from '@vere/web-ui';

/** The clear message for a chat that cannot be opened (not an error page). */
export function ChatUnavailable({ reason, name }: { reason: 'not-friends' | 'blocked'; name?: string }) {
  if (reason === 'blocked') {
    return (
      <EmptyState
        headingLevel={2}
        icon={<IconLock size={32} />}
        title={name ? `You blocked ${name}` : 'You blocked this person'}
        description="You can't send each other messages, and your chat is hidden. You can unblock them on the Friends page; they aren't told either way."
        action={
          <Link to="/friends" className={buttonClassName({ variant: 'secondary' })}>
            Go to Friends
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      headingLevel={2}
      icon={<IconUsers size={32} />}
      title="You can only chat with friends"
      description="This person isn't on your friends list, so there's no chat to show. Find them on the Friends page and send a request."
      action={
        <Link to="/friends" className={buttonClassName({ variant: 'secondary' })}>
          Find Friends
        </Link>
      }
    />
  );
}
