export { PhotoEnv, QuestsEnv, questsConfig, storageConfig, type QuestsConfig, type StorageConfig } from './config';
export { createQuestsService, type QuestsHandle, type QuestsOptions } from './service';
export type { Clock } from './clock';
export type { PhotoProofs } from './use-cases/deps';
export { ownsPhoto, photoProofs } from './use-cases/photos';
export {
  createPlaybookCatalogue,
  loadPlaybookDefinitions,
  type PlaybookCatalogue,
  type PlaybookDefinition,
} from './playbook-catalogue';
export {
  createAssessmentCatalogue,
  loadAssessmentDefinitions,
  type AssessmentCatalogue,
  type AssessmentDefinition,
} from './assessment-catalogue';
