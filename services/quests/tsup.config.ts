import { serviceBundle } from '@vere/service-build';
import { defineConfig } from 'tsup';

export default defineConfig(serviceBundle());
