import { servicePrismaConfig } from '@vere/service-build';

export default servicePrismaConfig('quests');
