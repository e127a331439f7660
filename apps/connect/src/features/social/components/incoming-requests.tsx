import { Button, notify } from '@vere/web-ui';
import type { FriendRequestList } from '@vere/contracts';
import { UserRow } from '../../../shared/components/user';
import { errorMessage } from '../../../shared/utils/error-message';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useDeclineFriendRequest } from '../api/decline-friend-request';

/** Requests sent to the user, with Accept and Decline. */
export function IncomingRequests({ incoming }: { incoming: FriendRequestList['incoming'] }) {
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const busy = (id: string) =>
    (accept.isPending && accept.variables === id) || (decline.isPending && decline.variables === id);
  return (
    <ul className="cn-users" aria-label="Friend requests">
      {incoming.map((u) => (
        <UserRow key={u.id} user={u}>
          <Button
            size="sm"
            loading={accept.isPending && accept.variables === u.id}
            disabled={busy(u.id)}
            aria-label={`Accept ${u.name}`}
            onClick={() =>
              accept.mutate(u.id, {
                onSuccess: () => notify.success(`You and ${u.name} are now friends.`),
                onError: (e) => notify.error(errorMessage(e)),
              })
            }
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={decline.isPending && decline.variables === u.id}
            disabled={busy(u.id)}
            aria-label={`Decline ${u.name}`}
            onClick={() => decline.mutate(u.id, { onError: (e) => notify.error(errorMessage(e)) })}
          >
            Decline
          </Button>
        </UserRow>
      ))}
    </ul>
  );
}
