import { defineConfig } from 'vitest/config';
import { serviceTestConfig } from '@vere/service-build';

export default defineConfig(serviceTestConfig());
