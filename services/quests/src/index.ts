export { PhotoEnv, QuestsEnv, questsConfig, storageConfig, type QuestsConfig, type StorageConfig } from './config';
export { createQuestsService, type QuestsDeps, type QuestsHandle } from './service';
export type { Clock } from './clock';
export type { PhotoProofs } from './use-cases/todos';
export { ownsPhoto, photoProofs } from './use-cases/photos';
