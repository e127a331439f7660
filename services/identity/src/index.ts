export { IdentityEnv, googleConfig, identityConfig, type IdentityConfig } from './config';
export { createIdentityService, type IdentityServiceHandle } from './service';
