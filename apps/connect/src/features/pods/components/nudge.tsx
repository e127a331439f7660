import type { PodDetail, PodMember } from '@vere/contracts';
import { nudgeSentence } from '@vere/domain';
import { Link } from '@vere/web-router';
import { useMyNudges } from '../api/get-my-nudges';
import { Button, buttonClassName, notify } from '@vere/web-ui';
import { errorMessage } from '../../../shared/utils/error-message';
import { useNudgeMember } from '../api/nudge-member';

/** "Nudge" beside a member marked "Not yet this week"; once sent, "Nudged today" until their next day. */
export function NudgeButton({ podId, member }: { podId: string; member: PodMember }) {
  const nudge = useNudgeMember(podId);
  if (member.nudgedByYouToday)
    return (
      <span className="cn-chip" data-testid="member-nudged">
        👋 Nudged today
      </span>
    );
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Nudge ${member.name}`}
      loading={nudge.isPending}
      data-testid="nudge-member"
      onClick={() =>
        nudge.mutate(member.id, {
          onSuccess: () => notify.success(`You nudged ${member.name}.`),
          onError: (e) => notify.error(errorMessage(e)),
        })
      }
    >
      👋 Nudge
    </Button>
  );
}

/** What the recipient sees on the pod page: "Maya nudged you", with the way to this week's challenge. */
export function NudgesForYou({ pod, me }: { pod: PodDetail; me: string | undefined }) {
  const nudges = pod.nudges ?? [];
  // Done since: nothing left to nudge about.
  if (nudges.length === 0 || pod.members.find((m) => m.id === me)?.completedThisWeek) return null;
  const [first, ...rest] = nudges;
  const who = rest.length === 0 ? first!.from.name : `${first!.from.name} and ${rest.length} more`;
  return (
    <section className="cn-nudged" aria-labelledby="cn-nudged-title" data-testid="pod-nudges">
      <span className="cn-nudged__wave" aria-hidden="true">
        👋
      </span>
      <div className="cn-nudged__body">
        <h2 id="cn-nudged-title" className="cn-nudged__title">
          {nudgeSentence(who)}
        </h2>
        <p className="cn-muted cn-small">
          Your pod is counting on you: finish this week’s challenge to keep the streak.
        </p>
      </div>
      <Link to="/weekly" className={buttonClassName({ size: 'sm' })}>
        Go to the weekly challenge
      </Link>
    </section>
  );
}

/** On the Connect hub: who nudged the user today, and in which pod (nothing while loading or on failure). */
export function HubNudges() {
  const { data } = useMyNudges();
  const nudges = data?.nudges ?? [];
  if (nudges.length === 0) return null;
  return (
    <section className="cn-nudged" aria-labelledby="cn-hub-nudged" data-testid="hub-nudges">
      <span className="cn-nudged__wave" aria-hidden="true">
        👋
      </span>
      <div className="cn-nudged__body">
        <h2 id="cn-hub-nudged" className="cn-nudged__title">
          {nudges.length === 1 ? nudgeSentence(nudges[0]!.from.name) : `${nudges.length} nudges today`}
        </h2>
        <ul className="cn-nudged__list">
          {nudges.map((n) => (
            <li key={`${n.podId}-${n.from.id}`}>
              <Link to={`/pods/${n.podId}`}>
                {nudges.length === 1 ? `in ${n.podName}` : `${n.from.name} in ${n.podName}`}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <Link to="/weekly" className={buttonClassName({ size: 'sm' })}>
        Go to the weekly challenge
      </Link>
    </section>
  );
}
