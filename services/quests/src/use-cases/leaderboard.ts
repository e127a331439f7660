import type { Leaderboard, LeaderboardEntry } from '@vere/contracts';
import { isAvatarConfig, levelForXP, shownPhotoUrl } from '@vere/domain';
import type { RankedPlayerRow } from '../repositories/leaderboard-repository';
import type { QuestsDeps } from './deps';

const toEntry = (r: RankedPlayerRow): LeaderboardEntry => ({
  id: r.id,
  name: r.name,
  username: r.username,
  photoUrl: shownPhotoUrl(r.photoUrl), // a row kept before decision 0035 may still hold another site's link
  avatarConfig: isAvatarConfig(r.avatarConfig) ? r.avatarConfig : null,
  level: levelForXP(r.totalXp),
  totalXP: r.totalXp,
  rank: r.rank,
});

/** Top `limit` players by total XP and the caller's own place (null while their player is being set up). */
export async function getLeaderboard(deps: QuestsDeps, userId: string, limit: number): Promise<Leaderboard> {
  const rows = await deps.leaderboard.topAndMe(deps.db, limit, userId);
  const entries = rows
    .filter((r) => !r.me)
    .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
    .map(toEntry);
  const me = rows.find((r) => r.me);
  return { entries, me: me ? toEntry(me) : null };
}
