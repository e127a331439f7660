export { IdentityEnv, identityConfig, type IdentityConfig } from './config';
export { createIdentityService } from './service';
