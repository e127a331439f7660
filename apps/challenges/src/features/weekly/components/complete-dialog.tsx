import { actionErrorMessage } from '@vere/web-session';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@vere/web-query';
import type {
  CompleteWeeklyBody,
  CompleteWeeklyResult,
  CurrentWeekly,
  Victories,
  WeeklyChallenge,
} from '@vere/contracts';
import { dispatchAppEvent, useMyPods } from '@vere/web-kit';
import { Button, Dialog, celebrate, notify } from '@vere/web-ui';
import { progressQueryKey } from '../../../shared/api/get-progress';
import { PhotoRejected, uploadProofPhoto } from '@vere/web-kit';
import { ProofPhotoField } from '../../../shared/components/proof-photo-field';
import { levelUpMessage } from '../../../shared/utils/level-up-message';
import { completeWeekly } from '../api/complete-weekly';
import { weeklyQueryKey } from '../api/get-current-weekly';
import { victoriesQueryKey } from '../api/get-victories';
import { rememberPhotoLink } from '../utils/photo-links';
import { COMPLETE_FAILED_WEEKLY, MY_PODS_STALE_MS, completionCelebration } from '../utils/weekly-logic';

/** Every part of the page that shows XP, streaks or challenges follows a completion (spec §7.3). */
export function announceWeeklyCompletion(weekly: WeeklyChallenge, result: CompleteWeeklyResult): void {
  dispatchAppEvent('weekly-completed', { weeklyChallengeId: weekly.id });
  dispatchAppEvent('challenge-completed', { weeklyChallengeId: weekly.id });
  dispatchAppEvent('xp-updated', {
    totalXP: result.progress.totalXP,
    level: result.progress.currentLevel,
    xpAwarded: result.xpAwarded,
  });
  dispatchAppEvent('streak-updated', { streak: result.streak.currentStreak });
}

/** The caches after a completion: the challenge is done, the streak and XP are the server's. */
export function applyCompletion(
  client: ReturnType<typeof useQueryClient>,
  weekly: WeeklyChallenge,
  result: CompleteWeeklyResult,
): void {
  client.setQueryData<CurrentWeekly>(
    weeklyQueryKey,
    (old) =>
      old && {
        ...old,
        streak: result.streak,
        challenges: old.challenges.map((c) =>
          c.id === weekly.id
            ? {
                ...c,
                progress: {
                  accepted: true,
                  acceptedAt: c.progress.acceptedAt ?? result.victory.completedAt,
                  completed: true,
                  completedAt: result.victory.completedAt,
                },
              }
            : c,
        ),
      },
  );
  client.setQueryData<Victories>(
    victoriesQueryKey,
    (old) =>
      old && {
        victories: [
          result.victory,
          ...old.victories.filter((v) => v.weeklyChallengeId !== result.victory.weeklyChallengeId),
        ],
      },
  );
  client.setQueryData(progressQueryKey, (old: object | undefined) => ({
    ...old,
    ...result.progress,
    weeklyStreak: result.streak.currentStreak,
  }));
}

interface CompleteDialogProps {
  weekly: WeeklyChallenge | null;
  onClose(): void;
}

/**
 * "Complete Challenge" (spec §2.2): a note ("What did you do?", 3 rows), an optional photo (the
 * to-do proof upload), and the user's pods to share it with (no section without pods). The spec's
 * toasts; on a failure the toast shows and the modal closes.
 */
export function CompleteDialog({ weekly, onClose }: CompleteDialogProps) {
  return (
    <Dialog open={weekly !== null} title="Complete Challenge" onClose={onClose} className="ch-complete-dialog">
      {weekly ? <CompleteWeeklyForm weekly={weekly} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CompleteWeeklyForm({ weekly, onClose }: { weekly: WeeklyChallenge; onClose(): void }) {
  const client = useQueryClient();
  const ids = useId();
  const pods = useMyPods({ staleTime: MY_PODS_STALE_MS });
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [podIds, setPodIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      let photoId: string | undefined;
      if (file) {
        const photo = await uploadProofPhoto(file);
        rememberPhotoLink(photo);
        photoId = photo.id;
      }
      const body: CompleteWeeklyBody = {
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(photoId ? { photoId } : {}),
        ...(podIds.length ? { podIds } : {}),
      };
      const result = await completeWeekly(weekly.id, body);
      applyCompletion(client, weekly, result);
      notify.success(result.message);
      announceWeeklyCompletion(weekly, result);
      onClose();
      const moment = completionCelebration(result);
      if (moment) celebrate(moment);
      if (result.levelUp) celebrate({ type: 'level', message: levelUpMessage(result.levelUp.level) });
    } catch (cause) {
      if (cause instanceof PhotoRejected) {
        setError(cause.message);
        return;
      }
      notify.error(actionErrorMessage(cause, COMPLETE_FAILED_WEEKLY));
      void client.invalidateQueries({ queryKey: weeklyQueryKey });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const podList = pods.data?.pods ?? [];
  return (
    <form className="ch-complete" onSubmit={(e) => void submit(e)} noValidate aria-label={`Complete ${weekly.title}`}>
      <p className="ch-complete__lead">{weekly.title}</p>
      <div className="ch-complete__field">
        <label htmlFor={`${ids}-note`}>Your note</label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={2000}
          value={note}
          placeholder="What did you do?"
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <ProofPhotoField
        id={`${ids}-photo`}
        label="Add a photo (optional)"
        file={file}
        onPick={(picked) => {
          setFile(picked);
          setError(null);
        }}
        errorId={error ? `${ids}-error` : undefined}
      />
      {podList.length > 0 ? (
        <fieldset className="ch-complete__pods">
          <legend>Share with your pods</legend>
          {podList.map((pod) => (
            <label key={pod.id} className="ch-complete__type">
              <input
                type="checkbox"
                checked={podIds.includes(pod.id)}
                onChange={(e) =>
                  setPodIds((ids0) => (e.target.checked ? [...ids0, pod.id] : ids0.filter((id) => id !== pod.id)))
                }
              />
              <span>{pod.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p id={`${ids}-error`} className="ch-complete__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ch-complete__actions">
        <Button type="submit" size="sm" loading={saving}>
          Complete Challenge
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
