export { IdentityEnv, apnsConfig, googleConfig, identityConfig, type IdentityConfig } from './config';
export { createIdentityService, type IdentityServiceHandle } from './service';
