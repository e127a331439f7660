import { runStandalone } from '@vere/service-kit';
import { PodsEnv, podsConfig } from './config';
import { createPodsService } from './service';

await runStandalone('pods', PodsEnv, (env, deps) => createPodsService(podsConfig(env), deps));
