import { useId, useState } from 'react';
import { Link } from '@vere/web-router';
import { useQueryClient } from '@vere/web-query';
import type { PackSummary } from '@vere/contracts';
import { isApiError } from '@vere/web-session';
import { Button, IconCheck, IconCrown, IconLock, Skeleton, buttonClassName, notify } from '@vere/web-ui';
import { addPack } from '../api/add-pack';
import { packQueryKey, usePack } from '../api/get-pack';
import { packsQueryKey } from '../api/get-packs';
import { PackCover } from './pack-cover';
import './packs.css';

const deckQueryPrefix = ['quests', 'me', 'deck'] as const;

/** One pack: cover, count, progress, and what the player can do with it now. */
export function PackCard({ pack }: { pack: PackSummary }) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const progressLabel = `${pack.done} of ${pack.dareCount} dares done`;

  async function add() {
    setAdding(true);
    try {
      await addPack(pack.id);
      notify.success(`${pack.title} is at the front of your deck.`);
      await Promise.all([
        client.invalidateQueries({ queryKey: packsQueryKey }),
        client.invalidateQueries({ queryKey: packQueryKey(pack.id) }),
        client.invalidateQueries({ queryKey: deckQueryPrefix }),
      ]);
    } catch (err) {
      notify.error(isApiError(err) ? err.message : 'Could not add the pack. Try again.');
    } finally {
      setAdding(false);
    }
  }

  let action;
  if (pack.completedAt) {
    action = (
      <span className="ch-pack__state ch-pack__state--done">
        <IconCheck size={16} /> Completed · badge earned
      </span>
    );
  } else if (pack.added) {
    action = (
      <Link to="/?deck=daily" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
        In your deck · Play
      </Link>
    );
  } else if (pack.access === 'pro') {
    action = (
      <Link to="/vere-pro" className={buttonClassName({ variant: 'pro', size: 'sm' })}>
        <IconCrown size={16} /> Unlock with Pro
      </Link>
    );
  } else if (pack.access === 'level') {
    action = (
      <span className="ch-pack__state">
        <IconLock size={16} /> Opens at level {pack.unlockLevel}
      </span>
    );
  } else {
    action = (
      <Button size="sm" loading={adding} onClick={() => void add()}>
        Add to my deck<span className="vui-visually-hidden">: {pack.title}</span>
      </Button>
    );
  }

  return (
    <article className="ch-pack" data-testid={`pack-${pack.id}`} aria-labelledby={`${listId}-title`}>
      <div className="ch-pack__head">
        <PackCover cover={pack.cover} />
        <div className="ch-pack__titles">
          <h2 className="ch-pack__title" id={`${listId}-title`}>
            {pack.title}
          </h2>
          <p className="ch-pack__labels">
            <span className="ch-chip">{pack.dareCount} dares</span>
            {pack.proOnly ? (
              <span className="ch-chip ch-chip--pro">
                <IconCrown size={14} /> Pro
              </span>
            ) : null}
            {pack.advanced ? <span className="ch-chip">Advanced · level {pack.unlockLevel}</span> : null}
          </p>
        </div>
      </div>
      <p className="ch-pack__tagline">{pack.tagline}</p>
      <div className="ch-pack__progress">
        <progress max={pack.dareCount} value={pack.done} aria-label={`${pack.title}: ${progressLabel}`} />
        <span className="ch-pack__count">{progressLabel}</span>
      </div>
      <div className="ch-pack__actions">
        {action}
        <button
          type="button"
          className="ch-pack__toggle"
          aria-expanded={open}
          aria-controls={`${listId}-dares`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide dares' : 'See the dares'}
        </button>
      </div>
      {open ? <PackDares id={`${listId}-dares`} packId={pack.id} /> : null}
    </article>
  );
}

function PackDares({ id, packId }: { id: string; packId: string }) {
  const detail = usePack(packId, true);
  if (detail.isPending)
    return (
      <div id={id} aria-busy="true">
        <Skeleton height="120px" />
      </div>
    );
  if (detail.isError)
    return (
      <p id={id} role="alert" className="ch-pack__error">
        Could not load the dares.{' '}
        <button type="button" className="ch-pack__toggle" onClick={() => void detail.refetch()}>
          Try again
        </button>
      </p>
    );
  return (
    <ol id={id} className="ch-pack__dares">
      {detail.data.dares.map((d) => (
        <li key={d.id} className={d.done ? 'is-done' : undefined}>
          <span className="ch-pack__dare-title">
            {d.done ? <IconCheck size={14} aria-label="Done" /> : null} {d.title}
          </span>
          <span className="ch-pack__dare-text">{d.description}</span>
        </li>
      ))}
    </ol>
  );
}
