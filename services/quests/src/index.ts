export { QuestsEnv, questsConfig, type QuestsConfig } from './config';
export { createQuestsService } from './service';
