export { PodsEnv, podsConfig, type PodsConfig } from './config';
export { createPodsService } from './service';
export type { PhotoUrl } from './use-cases/pods';
