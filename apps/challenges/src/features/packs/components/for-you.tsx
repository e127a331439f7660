import { useState } from 'react';
import { Link } from '@vere/web-router';
import { useQueryClient } from '@vere/web-query';
import { Card, ErrorCard, IconBook, IconSparkles, notify } from '@vere/web-ui';
import { setDeckShaping, shapedQueryKeys } from '../../../shared/api/set-deck-shaping';
import { useRecommendations } from '../api/get-recommendations';
import { PackCover } from './pack-cover';
import './for-you.css';

/**
 * The hub's "For you": one pack and one playbook picked from the player's newest assessment results,
 * with the reason, and the switch that turns the shaping off (stored by quests). Shows nothing until
 * there is something to say (no banded result yet); a failed read offers a retry.
 */
export function ForYou() {
  const client = useQueryClient();
  const recs = useRecommendations();
  const [saving, setSaving] = useState(false);
  if (recs.isError && !recs.data)
    return (
      <ErrorCard
        title="Couldn't load your picks"
        message="Your deck is fine. Check your connection and try again."
        retrying={recs.isFetching}
        onRetry={() => void recs.refetch()}
      />
    );
  if (!recs.data) return null;
  const { enabled, reason, pack, playbook } = recs.data;

  async function toggle(next: boolean) {
    setSaving(true);
    try {
      await setDeckShaping(next);
      await Promise.all(shapedQueryKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
    } catch {
      notify.error('Could not save that. Try again.');
    } finally {
      setSaving(false);
    }
  }

  const toggleControl = (
    <label className="ch-foryou__switch">
      <input
        type="checkbox"
        role="switch"
        checked={enabled}
        disabled={saving}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        data-testid="deck-shaping-switch"
      />
      Let my assessment results shape my deck
    </label>
  );

  if (!enabled) {
    return (
      <Card className="ch-foryou" id="for-you" data-testid="for-you">
        <h2 className="ch-foryou__title">For you</h2>
        <p className="ch-foryou__reason">Your deck is dealt without your assessment results.</p>
        {toggleControl}
      </Card>
    );
  }
  if (!reason) return null;
  return (
    <Card className="ch-foryou" id="for-you" data-testid="for-you">
      <h2 className="ch-foryou__title">For you</h2>
      <p className="ch-foryou__reason" data-testid="for-you-reason">
        Picked {reason.text}.
      </p>
      <ul className="ch-foryou__picks">
        {pack ? (
          <li>
            <Link to="/packs" className="ch-foryou__pick" data-testid="recommended-pack">
              <PackCover cover={pack.cover} size={20} />
              <span>
                <span className="ch-foryou__kind">
                  <IconSparkles size={14} /> Pack
                </span>
                <span className="ch-foryou__name">{pack.title}</span>
              </span>
            </Link>
          </li>
        ) : null}
        {playbook ? (
          <li>
            <Link to={`/guides/${playbook.id}`} className="ch-foryou__pick" data-testid="recommended-playbook">
              <span className="ch-pack__cover" style={{ background: playbook.cover.color }} aria-hidden="true">
                <IconBook size={20} />
              </span>
              <span>
                <span className="ch-foryou__kind">
                  <IconBook size={14} /> Playbook
                </span>
                <span className="ch-foryou__name">{playbook.title}</span>
              </span>
            </Link>
          </li>
        ) : null}
      </ul>
      {toggleControl}
    </Card>
  );
}
