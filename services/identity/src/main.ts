import { runStandalone } from '@vere/service-kit';
import { IdentityEnv, identityConfig } from './config';
import { createIdentityService } from './service';

await runStandalone('identity', IdentityEnv, (env, deps) => createIdentityService(identityConfig(env), deps));
