export { PodsEnv, podsConfig, type PodsConfig } from './config';
export { createPodsService } from './service';
