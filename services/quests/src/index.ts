export { QuestsEnv, questsConfig, type QuestsConfig } from './config';
export { createQuestsService, type QuestsDeps, type QuestsHandle } from './service';
export type { Clock } from './clock';
export type { PhotoProofs } from './use-cases/todos';
