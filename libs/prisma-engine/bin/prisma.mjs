#!/usr/bin/env node
// Runs the installed Prisma CLI with all arguments passed through. When no native schema engine
// is available (offline machines and CI cannot download it from binaries.prisma.sh), points the
// CLI at the WebAssembly bridge in ./schema-engine.mjs.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findNativeSchemaEngine, prismaCliPath } from '../src/native-engine.mjs';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !env.PRISMA_MIGRATION_ENGINE_BINARY && !findNativeSchemaEngine()) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(new URL('./schema-engine.mjs', import.meta.url));
}

const child = spawn(process.execPath, [prismaCliPath, ...process.argv.slice(2)], { stdio: 'inherit', env });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`Failed to start the Prisma CLI (${prismaCliPath}): ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
