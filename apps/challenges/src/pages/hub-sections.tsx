import { LeaderboardSection } from '../features/leaderboard/components/leaderboard-section';
import { ForYou } from '../features/packs/components/for-you';

/** The hub's sections under its first screen, in their own chunk (the hub's BelowTheFold loads it). */
export function HubSections() {
  return (
    <>
      <ForYou />
      <LeaderboardSection />
    </>
  );
}
