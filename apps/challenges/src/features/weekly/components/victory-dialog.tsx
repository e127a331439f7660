import type { WeeklyVictory } from '@vere/contracts';
import { Dialog, IconTrophy, IconZap, Skeleton } from '@vere/web-ui';
import { useWeeklyDetail } from '../api/get-weekly-detail';
import { PROOF_NOT_LOADED } from '../utils/weekly-logic';
import { victoryPhotoUrl } from '../utils/photo-links';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const day = (iso: string) => dateFormat.format(new Date(`${iso}T12:00:00`));

/** "Nov 22 – Nov 28" */
export function weekRange(victory: Pick<WeeklyVictory, 'startDate' | 'endDate'>): string {
  return `${day(victory.startDate)} – ${day(victory.endDate)}`;
}

/** "Week of Nov 22 – Nov 28" */
export function weekLabel(victory: Pick<WeeklyVictory, 'startDate' | 'endDate'>): string {
  return `Week of ${weekRange(victory)}`;
}

/**
 * "Challenge Complete" (spec §2.2): a past victory with its proof, read again from the service.
 * Until the proof arrives it says so; if the read fails only the title, the week and the XP show.
 */
export function VictoryDialog({ victory, onClose }: { victory: WeeklyVictory | null; onClose(): void }) {
  const detail = useWeeklyDetail(victory?.weeklyChallengeId ?? null);
  const proof = detail.data?.victory ?? null;
  const photo = proof ? victoryPhotoUrl(proof) : null;
  return (
    <Dialog open={victory !== null} title="Challenge Complete" onClose={onClose} className="ch-victory-dialog">
      {victory ? (
        <div className="ch-victory-detail" data-testid="victory-detail">
          <span className="ch-victory-detail__icon" aria-hidden="true">
            <IconTrophy size={32} />
          </span>
          <h3 className="ch-victory-detail__title">{victory.title}</h3>
          <p className="ch-victory-detail__week">{weekLabel(victory)}</p>
          <p className="ch-chip ch-chip--xp">
            <IconZap size={14} /> +{victory.xp} XP
          </p>
          {detail.isError ? null : detail.isPending ? (
            <div aria-busy="true">
              <Skeleton height="48px" />
              <span className="vui-visually-hidden" role="status">
                Loading your proof
              </span>
            </div>
          ) : proof && (proof.proofText || photo) ? (
            <div className="ch-victory-detail__proof" data-testid="victory-proof">
              <h4>Your proof</h4>
              {proof.proofText ? <p className="ch-victory-detail__note">{proof.proofText}</p> : null}
              {photo ? (
                <img className="ch-victory-detail__photo" src={photo} alt={`Your proof photo for ${victory.title}`} />
              ) : null}
            </div>
          ) : (
            <p className="ch-victory-detail__missing">{PROOF_NOT_LOADED}</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
