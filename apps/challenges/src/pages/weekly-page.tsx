import { useEffect, useState } from 'react';
import { Link, useParams } from '@vere/web-router';
import { useQueryClient } from '@vere/web-query';
import type { CurrentWeekly, MyPods, WeeklyChallenge, WeeklyVictory } from '@vere/contracts';
import { myPodsQueryKey, useAppEvent, useMyPods, usePodEvents } from '@vere/web-kit';
import { actionErrorMessage, isInvalidLink } from '@vere/web-session';
import {
  Button,
  Card,
  EmptyState,
  ErrorCard,
  IconArrowLeft,
  IconCalendar,
  IconCheck,
  IconFlame,
  Skeleton,
  buttonClassName,
  confettiBurst,
  notify,
} from '@vere/web-ui';
import { acceptWeekly } from '../features/weekly/api/accept-weekly';
import { getCurrentWeekly, useCurrentWeekly, weeklyQueryKey } from '../features/weekly/api/get-current-weekly';
import { useVictories } from '../features/weekly/api/get-victories';
import { useWeeklyDetail } from '../features/weekly/api/get-weekly-detail';
import { weeklyFriendsKeyPrefix } from '../features/weekly/api/get-weekly-friends';
import { ChallengePane } from '../features/weekly/components/challenge-pane';
import { CompleteDialog } from '../features/weekly/components/complete-dialog';
import { FriendsDoingThis } from '../features/weekly/components/friends-doing-this';
import { PodStreaks } from '../features/weekly/components/pod-streaks';
import { RecentVictories } from '../features/weekly/components/recent-victories';
import { VictoryDialog } from '../features/weekly/components/victory-dialog';
import { WeeklyStats } from '../features/weekly/components/weekly-stats';
import {
  ACCEPT_FAILED,
  MY_PODS_STALE_MS,
  WEEKLY_POLL_MS,
  challengePages,
  mergePolledWeekly,
} from '../features/weekly/utils/weekly-logic';
import { DESKTOP_QUERY, useMediaQuery } from '../shared/hooks/use-media-query';
import { useNow } from '../shared/hooks/use-now';
// The deck's and the weekly pages' styles come with them, not with the hub (challenges.css).
import '../shared/styles/play.css';

/** Spec §9: the confetti on accept, 160 pieces for about 1.2 s. */
const ACCEPT_CONFETTI = { particleCount: 160, durationMs: 1_200 };

/** Spec §9: the list is read again every hour and replaced only when its first challenge changed. */
function useHourlyPoll(): void {
  const client = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => {
      getCurrentWeekly()
        .then((polled) =>
          client.setQueryData<CurrentWeekly>(weeklyQueryKey, (current) => mergePolledWeekly(current, polled)),
        )
        .catch(() => undefined); // spec §7.4: a failed read keeps what is shown
    }, WEEKLY_POLL_MS);
    return () => clearInterval(timer);
  }, [client]);
}

/**
 * Live pod updates while the view is open (only for a user in a pod): a pod-mate's completion may
 * change "Friends doing this" and a pod's streak. Streak changes patch the pods at once and are
 * announced politely; a (re)opened stream re-reads both, since nothing missed is replayed.
 */
function usePodsLive(): string {
  const client = useQueryClient();
  const pods = useMyPods({ staleTime: MY_PODS_STALE_MS });
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: myPodsQueryKey });
    void client.invalidateQueries({ queryKey: weeklyFriendsKeyPrefix });
  };
  usePodEvents(pods.data?.pods.length ? 'mine' : null, {
    onOpen: refresh,
    onLogAdded: () => void client.invalidateQueries({ queryKey: weeklyFriendsKeyPrefix }),
    onStreakUpdated: (m) => {
      const pod = client.getQueryData<MyPods>(myPodsQueryKey)?.pods.find((p) => p.id === m.podId);
      client.setQueryData<MyPods>(
        myPodsQueryKey,
        (old) =>
          old && {
            pods: old.pods.map((p) => (p.id === m.podId ? { ...p, currentStreak: m.currentStreak } : p)),
          },
      );
      if (pod)
        setAnnouncement(
          `${pod.name}'s pod streak is now ${m.currentStreak} ${m.currentStreak === 1 ? 'week' : 'weeks'}.`,
        );
      void client.invalidateQueries({ queryKey: myPodsQueryKey });
    },
  });
  return announcement;
}

/** "This Week's Challenge" at /weekly, /challenges and /challenges/{id} (spec §2.1). */
export function WeeklyPage() {
  const { challengeId } = useParams();
  const weekly = useCurrentWeekly();
  const victories = useVictories();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const now = useNow();
  const client = useQueryClient();
  const [opened, setOpened] = useState<WeeklyVictory | null>(null);
  useHourlyPoll();
  const announcement = usePodsLive();
  // Another part of the page (or a to-do) changed XP or a streak: read the streak again.
  useAppEvent('streak-updated', () => void client.invalidateQueries({ queryKey: weeklyQueryKey }));

  const inList = weekly.data?.challenges.find((c) => c.id === challengeId) ?? null;
  // A link to a week that is not this week's (an old victory): read that one on its own.
  const other = useWeeklyDetail(challengeId && weekly.data && !inList ? challengeId : null);
  const shown: WeeklyChallenge | null = challengeId
    ? (inList ?? other.data?.weekly ?? null)
    : (weekly.data?.challenges[0] ?? null);

  let main;
  if (weekly.isPending || (challengeId && !inList && other.isPending && other.fetchStatus !== 'idle')) {
    main = (
      <Card className="ch-weekly__card" aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading this week&apos;s challenge
        </span>
        <Skeleton height="32px" width="60%" />
        <Skeleton height="220px" radius="20px" />
      </Card>
    );
  } else if (weekly.isError || (challengeId && !inList && other.isError && !isInvalidLink(other.error))) {
    main = (
      <ErrorCard
        title="Couldn't load this week's challenge"
        message="Check your connection and try again."
        onRetry={() => void (weekly.isError ? weekly.refetch() : other.refetch())}
      />
    );
  } else if (!shown && challengeId && other.isError) {
    // A malformed id (400) or one that never existed (404): the link is wrong, not the connection.
    main = (
      <EmptyState
        icon={<IconCalendar size={32} />}
        title="This link isn't valid"
        description="It may be mistyped or out of date. This week's challenge is one tap away."
        action={
          <Link to="/weekly" className={buttonClassName()}>
            This Week&apos;s Challenge
          </Link>
        }
      />
    );
  } else if (!shown) {
    main = (
      <EmptyState
        icon={<IconCalendar size={32} />}
        title={challengeId ? "We couldn't find that challenge" : "This week's challenge drops soon"}
        description={
          challengeId
            ? "It may have been retired. This week's challenge is one tap away."
            : 'Check back soon for a new challenge.'
        }
      />
    );
  } else {
    main = <ChallengeCard key={shown.id} weekly={shown} />;
  }

  return (
    <div className="vui-page ch-weekly">
      <Link to="/" className="vui-back-link">
        <IconArrowLeft size={18} /> Back to Challenges
      </Link>
      <header className="vui-page-header" data-tour="weekly-title">
        <h1 className="vui-page-title">This Week&apos;s Challenge</h1>
      </header>
      <div className="ch-weekly__layout">
        <div className="ch-weekly__main">{main}</div>
        <div className="ch-weekly__side">
          <WeeklyStats streak={weekly.data?.streak.currentStreak} weekEndsAt={weekly.data?.weekEndsAt} now={now} />
          <PodStreaks />
          <RecentVictories victories={victories} desktop={desktop} onOpen={setOpened} />
        </div>
      </div>
      <VictoryDialog victory={opened} onClose={() => setOpened(null)} />
      <p className="vui-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function ChallengeCard({ weekly }: { weekly: WeeklyChallenge }) {
  const client = useQueryClient();
  const pages = challengePages(weekly);
  const [page, setPage] = useState(0);
  const [accepting, setAccepting] = useState(false);
  const [completing, setCompleting] = useState<WeeklyChallenge | null>(null);
  const { accepted, completed } = weekly.progress;

  const accept = async () => {
    setAccepting(true);
    try {
      const result = await acceptWeekly(weekly.id);
      client.setQueryData<CurrentWeekly>(
        weeklyQueryKey,
        (old) =>
          old && {
            ...old,
            challenges: old.challenges.map((c) => (c.id === weekly.id ? { ...c, progress: result.progress } : c)),
          },
      );
      void confettiBurst(ACCEPT_CONFETTI).catch(() => undefined);
    } catch (error) {
      notify.error(actionErrorMessage(error, ACCEPT_FAILED));
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Card className="ch-weekly__card">
      <div className="ch-weekly__head">
        <h2 className="ch-weekly__title" data-testid="weekly-title">
          {weekly.title}
        </h2>
        <div className="ch-weekly__tags">
          <span className="ch-chip ch-chip--streak">
            <IconFlame size={14} /> +1 Streak
          </span>
          <span className="ch-chip" data-testid="weekly-category">
            {weekly.category}
          </span>
          <span className="ch-chip ch-chip--xp">+{weekly.xp} XP</span>
        </div>
      </div>
      <ChallengePane pages={pages} page={page} onPage={setPage} />
      <FriendsDoingThis weeklyId={weekly.id} />
      <div className="ch-weekly__action" data-tour="weekly-accept">
        {completed ? (
          <Button block disabled icon={<IconCheck size={18} />}>
            Completed!
          </Button>
        ) : accepted ? (
          <Button block onClick={() => setCompleting(weekly)}>
            Complete Challenge
          </Button>
        ) : (
          <Button block loading={accepting} onClick={() => void accept()}>
            Accept Challenge
          </Button>
        )}
      </div>
      <CompleteDialog weekly={completing} onClose={() => setCompleting(null)} />
    </Card>
  );
}
