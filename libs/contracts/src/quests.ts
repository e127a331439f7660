import { Type, type Static } from 'typebox';

export const LevelProgressSchema = Type.Object({
  currentLevel: Type.Integer({ minimum: 1 }),
  currentLevelXP: Type.Integer({ minimum: 0, description: 'Total XP at which the current level started' }),
  nextLevelXP: Type.Integer({ minimum: 0, description: 'Total XP at which the next level starts' }),
  xpProgress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent of the current level done' }),
  xpToNext: Type.Integer({ minimum: 0 }),
  totalXP: Type.Integer({ minimum: 0 }),
});
export type LevelProgressBody = Static<typeof LevelProgressSchema>;
