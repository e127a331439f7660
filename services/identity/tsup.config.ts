import { serviceBundle } from '@vere/service-build';
import { defineConfig } from 'tsup';

// The rotation command ships next to the service: `node dist/rotate-keys.js` in the image.
const bundle = serviceBundle();
export default defineConfig({
  ...bundle,
  entry: { ...(bundle.entry as Record<string, string>), 'rotate-keys': 'src/rotate-keys.ts' },
});
