import { runStandalone } from '@vere/service-kit';
import { QuestsEnv, questsConfig } from './config';
import { createQuestsService } from './service';

await runStandalone('quests', QuestsEnv, (env, deps) => createQuestsService(questsConfig(env), deps));
