#!/usr/bin/env node
// The durability figure: 20 rounds of `kill -9` of the whole app (its process group, embedded
// PostgreSQL included) while 200 users sign up; prints sign-ups accepted, players found, lost.
// Same driver as infra/local/test/crash-loop.test.ts (5 rounds). DATABASE_URL/NATS_URL set: the
// same on a real PostgreSQL and NATS.
//
//   node bench/crash-loop.mjs [--rounds 20] [--signups 200]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const driver = fileURLToPath(new URL('../infra/local/bin/crash-loop.mjs', import.meta.url));
const result = spawnSync(process.execPath, [driver, '--rounds', '20', '--signups', '200', ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
