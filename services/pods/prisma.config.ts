import { servicePrismaConfig } from '@vere/service-build';

export default servicePrismaConfig('pods');
