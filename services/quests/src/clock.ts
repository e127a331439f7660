/** Where quests reads the time: the real clock in production, a controlled one in tests (time zones, the weekend). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
