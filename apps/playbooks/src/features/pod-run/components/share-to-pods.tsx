import { useState } from 'react';
import type { PlaybookDetail } from '@vere/contracts';
import { useMyPods } from '@vere/web-kit';
import { Link } from '@vere/web-router';
import { actionErrorMessage } from '@vere/web-session';
import { Button, IconUsers, Skeleton } from '@vere/web-ui';
import { sharePlaybook } from '../api/share-playbook';

/** The finish screen's "Share to my pods": the player picks some of their pods; each pod's log gets an entry. */
export function ShareToPods({ playbook }: { playbook: PlaybookDetail }) {
  const pods = useMyPods();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sharedTo, setSharedTo] = useState<string[] | null>(null);

  const share = async () => {
    setSending(true);
    setError(null);
    try {
      const { podIds } = await sharePlaybook(playbook.id, [...picked]);
      setSharedTo(podIds);
    } catch (cause) {
      setError(actionErrorMessage(cause, 'Could not share it. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="pb-share" aria-labelledby="pb-share-title" data-testid="share-to-pods">
      <h2 id="pb-share-title" className="pb-together__title">
        <IconUsers size={20} aria-hidden="true" /> Share to my pods
      </h2>
      {pods.isPending ? (
        <Skeleton height="48px" radius="12px" />
      ) : pods.isError ? (
        <p className="pb-together__note" role="alert">
          Couldn’t load your pods.{' '}
          <Button size="sm" variant="secondary" onClick={() => void pods.refetch()}>
            Try again
          </Button>
        </p>
      ) : pods.data.pods.length === 0 ? (
        <p className="pb-together__note">
          You’re not in a pod yet. <Link to="/connect">Find your people in Connect</Link> and celebrate the next one
          together.
        </p>
      ) : sharedTo ? (
        <p className="pb-share__done" role="status">
          Shared with{' '}
          {pods.data.pods
            .filter((p) => sharedTo.includes(p.id))
            .map((p) => p.name)
            .join(', ')}
          . They’ll see it in the pod log.
        </p>
      ) : (
        <form
          className="pb-share__form"
          onSubmit={(e) => {
            e.preventDefault();
            void share();
          }}
        >
          <fieldset className="pb-share__pods">
            <legend className="pb-together__note">Tell your pods you finished {playbook.title}:</legend>
            {pods.data.pods.map((p) => (
              <label key={p.id} className="pb-choice">
                <input
                  type="checkbox"
                  checked={picked.has(p.id)}
                  onChange={(e) =>
                    setPicked((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(p.id);
                      else next.delete(p.id);
                      return next;
                    })
                  }
                />
                {p.name}
              </label>
            ))}
          </fieldset>
          {error ? (
            <p className="pb-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={sending} disabled={picked.size === 0}>
            Share to {picked.size === 1 ? '1 pod' : `${picked.size} pods`}
          </Button>
        </form>
      )}
    </section>
  );
}
