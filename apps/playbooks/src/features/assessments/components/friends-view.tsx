import { useState } from 'react';
import type { FriendsView as FriendsViewBody } from '@vere/contracts';
import { FRIEND_RATINGS_FLOOR_SENTENCE } from '@vere/domain';
import { useQueryClient } from '@vere/web-query';
import { Link } from '@vere/web-router';
import { actionErrorMessage } from '@vere/web-session';
import { Button, IconUsers, notify } from '@vere/web-ui';
import { ratersQueryKey, useRaters } from '../api/get-raters';
import { inviteRaters } from '../api/invite-raters';
import { Chart } from './charts';

/** "How you see yourself / how friends see you", from three ratings up; below that only the invitation. */
export function FriendsView({ assessmentId, view }: { assessmentId: string; view: FriendsViewBody }) {
  return (
    <section className="as-friends" aria-labelledby={`friends-${assessmentId}`} data-testid="friends-view">
      <h3 id={`friends-${assessmentId}`} className="as-friends__title">
        <IconUsers size={18} aria-hidden="true" /> How friends see you
      </h3>
      {view.ready ? (
        <figure className="as-figure">
          <Chart
            bars={view.dimensions.map((d) => ({ name: d.name, score: d.self ?? 0, other: d.friends }))}
            label="How you see yourself"
            otherLabel="How friends see you"
          />
          <table className="as-table" data-testid="friends-table">
            <caption>Averages over {view.ratings} friends' ratings. Who rated you stays private.</caption>
            <thead>
              <tr>
                <th scope="col">Dimension</th>
                <th scope="col">How you see yourself</th>
                <th scope="col">How friends see you</th>
              </tr>
            </thead>
            <tbody>
              {view.dimensions.map((d) => (
                <tr key={d.key}>
                  <th scope="row">{d.name}</th>
                  <td>{d.self ?? '—'}</td>
                  <td>{d.friends}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      ) : (
        <p className="as-muted">{FRIEND_RATINGS_FLOOR_SENTENCE}</p>
      )}
      <InviteFriends assessmentId={assessmentId} />
    </section>
  );
}

function InviteFriends({ assessmentId }: { assessmentId: string }) {
  const [open, setOpen] = useState(false);
  const raters = useRaters(assessmentId, open);
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
        Ask friends to rate you
      </Button>
    );
  const friends = raters.data?.friends ?? [];
  return (
    <form
      className="as-invite"
      onSubmit={async (e) => {
        e.preventDefault();
        if (chosen.size === 0) return;
        setSending(true);
        try {
          const { invited } = await inviteRaters(assessmentId, [...chosen]);
          notify.success(invited === 1 ? 'Asked 1 friend.' : `Asked ${invited} friends.`);
          setChosen(new Set());
          await client.invalidateQueries({ queryKey: ratersQueryKey(assessmentId) });
        } catch (err) {
          notify.error(actionErrorMessage(err, "Couldn't send the requests. Try again."));
        } finally {
          setSending(false);
        }
      }}
    >
      <fieldset className="as-invite__set">
        <legend>Which friends should rate you? They answer the same statements about you.</legend>
        {raters.isPending ? (
          <p role="status">Loading your friends…</p>
        ) : raters.isError ? (
          <p role="alert">Couldn't load your friends. Try again in a moment.</p>
        ) : friends.length === 0 ? (
          <p>
            No friends yet. <Link to="/friends">Find friends</Link> first, then ask them here.
          </p>
        ) : (
          friends.map((f) => (
            <label key={f.id} className="as-invite__friend">
              <input
                type="checkbox"
                disabled={f.invited}
                checked={f.invited || chosen.has(f.id)}
                onChange={(e) =>
                  setChosen((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(f.id);
                    else next.delete(f.id);
                    return next;
                  })
                }
              />
              <span>
                {f.name}
                {f.invited && <span className="as-muted"> · asked</span>}
              </span>
            </label>
          ))
        )}
      </fieldset>
      <Button type="submit" disabled={chosen.size === 0 || sending} loading={sending}>
        Send {chosen.size > 0 ? chosen.size : ''} request{chosen.size === 1 ? '' : 's'}
      </Button>
    </form>
  );
}
