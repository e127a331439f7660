import { useState } from 'react';
import { Link } from '@vere/web-router';
import { useQueryClient } from '@vere/web-query';
import type { PackSummary } from '@vere/contracts';
import { isApiError } from '@vere/web-session';
import { Button, ErrorCard, IconCheck, Skeleton, buttonClassName, notify } from '@vere/web-ui';
import { addPack } from '../api/add-pack';
import { proPacksQueryKey, useProPacks } from '../api/get-pro-packs';

/** The Pro packs: cover, count, progress, and "Add to my deck" (or where to play them). */
export function ProPackList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const packs = useProPacks();
  if (packs.isPending)
    return (
      <div className="ac-pro-packs" aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading Pro packs
        </span>
        <Skeleton height="140px" radius="16px" />
      </div>
    );
  if (packs.isError)
    return (
      <ErrorCard
        title="Couldn't load the Pro packs"
        message="Check your connection and try again."
        retrying={packs.isFetching}
        onRetry={() => void packs.refetch()}
      />
    );
  return (
    <ul className="ac-pro-packs">
      {packs.data.packs.map((p) => (
        <li key={p.id}>
          <ProPack pack={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function ProPack({ pack, headingLevel }: { pack: PackSummary; headingLevel: 2 | 3 }) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const progress = `${pack.done} of ${pack.dareCount} dares done`;
  async function add() {
    setAdding(true);
    try {
      await addPack(pack.id);
      notify.success(`${pack.title} is at the front of your deck.`);
      await client.invalidateQueries({ queryKey: proPacksQueryKey });
    } catch (err) {
      notify.error(isApiError(err) ? err.message : 'Could not add the pack. Try again.');
    } finally {
      setAdding(false);
    }
  }
  return (
    <article className="ac-pro-pack" data-testid={`pro-pack-${pack.id}`}>
      <span className="ac-pro-pack__cover" style={{ background: pack.cover.color }} aria-hidden="true" />
      <div className="ac-pro-pack__body">
        <Heading className="ac-pro-pack__title">{pack.title}</Heading>
        <p className="ac-muted">{pack.tagline}</p>
        <p className="ac-pro-pack__meta">
          {pack.dareCount} dares{pack.advanced ? ` · advanced (level ${pack.unlockLevel} or Pro)` : ''}
        </p>
        <progress max={pack.dareCount} value={pack.done} aria-label={`${pack.title}: ${progress}`} />
        <span className="ac-pro-pack__meta">{progress}</span>
        <div className="ac-pro-pack__actions">
          {pack.completedAt ? (
            <span className="ac-pro-pack__done">
              <IconCheck size={16} /> Completed · badge earned
            </span>
          ) : pack.added ? (
            <Link
              to="/?deck=daily"
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              data-testid={`play-${pack.id}`}
            >
              Play in your deck
            </Link>
          ) : (
            <Button size="sm" loading={adding} onClick={() => void add()}>
              Add to my deck<span className="vui-visually-hidden">: {pack.title}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
