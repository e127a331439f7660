export { IdentityEnv, googleConfig, identityConfig, type IdentityConfig } from './config';
export { createIdentityService } from './service';
