/** "Friends doing this" (a weekly challenge's friends who accepted it) lists at most this many; the total is told apart. */
export const WEEKLY_FRIENDS_SHOWN = 12;
