import { useEffect } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { PlaybookSlotBody } from '@vere/contracts';
import { Link } from '@vere/web-router';
import { useAppEvent } from '@vere/web-kit';
import { ENTITLEMENT_CHANGED_EVENT } from '@vere/web-session';
import {
  EmptyState,
  ErrorCard,
  IconBook,
  IconCheck,
  IconCrown,
  IconLock,
  Skeleton,
  buttonClassName,
} from '@vere/web-ui';
import { playbookUnlocksQueryKey, usePlaybookUnlocks } from '../features/unlocks/api/get-playbook-unlocks';

export function PlaybooksPage() {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <p className="vui-eyebrow">Multi-week guides</p>
        <h1 className="vui-page-title">Playbooks</h1>
        <p className="vui-page-subtitle">Action-based courses with mini-challenges, quizzes and insights.</p>
      </header>
      <Unlocks />
      <EmptyState
        icon={<IconBook size={32} />}
        title="Playbooks are coming soon"
        description="We're writing the first guides now. Level up in the meantime: new playbooks unlock as you climb."
        action={
          <Link to="/assessments" className={buttonClassName({ variant: 'secondary' })}>
            Explore Assessments
          </Link>
        }
      />
    </div>
  );
}

/** The seven slots as quests decides them: open at the slot's level, or all of them for Pro. */
function Unlocks() {
  const unlocks = usePlaybookUnlocks();
  const client = useQueryClient();
  // A level-up or a plan change elsewhere on the page changes the answer.
  useAppEvent('xp-updated', () => void client.invalidateQueries({ queryKey: playbookUnlocksQueryKey }));
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: playbookUnlocksQueryKey });
    window.addEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
  }, [client]);

  if (unlocks.isPending) {
    return (
      <div className="pb-unlocks" aria-busy="true" data-testid="playbook-unlocks-loading">
        <span className="vui-visually-hidden" role="status">
          Loading your playbook unlocks
        </span>
        <Skeleton height="76px" radius="16px" />
        <Skeleton height="76px" radius="16px" />
      </div>
    );
  }
  if (unlocks.isError) {
    return (
      <ErrorCard
        title="Couldn't load your unlocks"
        message="Your progress is safe. Check your connection and try again."
        retrying={unlocks.isFetching}
        onRetry={() => void unlocks.refetch()}
      />
    );
  }
  const { playbooks, unlockedCount, isPro } = unlocks.data;
  return (
    <section className="pb-unlocks" aria-labelledby="pb-unlocks-title" data-testid="playbook-unlocks">
      <h2 id="pb-unlocks-title" className="pb-unlocks__title">
        {unlockedCount} of {playbooks.length} playbooks unlocked
      </h2>
      {isPro ? (
        <p className="pb-unlocks__pro">
          <IconCrown size={16} aria-hidden="true" /> Pro: every playbook is unlocked.
        </p>
      ) : null}
      <ul className="pb-locked" aria-label="Playbook unlocks">
        {playbooks.map((slot) => (
          <Slot key={slot.slot} slot={slot} />
        ))}
      </ul>
    </section>
  );
}

function Slot({ slot }: { slot: PlaybookSlotBody }) {
  return (
    <li
      className={`pb-locked__item${slot.unlocked ? ' is-unlocked' : ''}`}
      data-testid="playbook-slot"
      data-unlocked={slot.unlocked}
    >
      <span className="pb-locked__icon" aria-hidden="true">
        {slot.unlocked ? <IconCheck size={20} /> : <IconLock size={20} />}
      </span>
      <span>
        <strong>Playbook {slot.slot}</strong>
        <span className="pb-locked__hint">
          {slot.unlocked ? 'Unlocked · the guide arrives soon' : `Unlocks at Level ${slot.unlockLevel}`}
        </span>
      </span>
    </li>
  );
}
