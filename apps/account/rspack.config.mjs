// Remote "account": see libs/web-build for what every remote shares.
import { readFileSync } from 'node:fs';
import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@vere/web-build';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig(remoteConfig({ name: 'account', dir: import.meta.dirname, dependencies }));
