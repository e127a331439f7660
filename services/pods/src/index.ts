export { PodsEnv, podsConfig, type PodsConfig } from './config';
export { createPodsService, type PodsOptions } from './service';
export type { PhotoUrl } from './deps';
