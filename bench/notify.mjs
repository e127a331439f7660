#!/usr/bin/env node
// The notification scheduler's tick (issue 25; decision 0042) over 100,000 users with saved
// preferences, in four zones, half of them due at the tick's minute (so the tick also writes ~50,000
// reminders). Target: under 10 s on this machine. Ends with one line: the tick's time and the users
// it covered.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node bench/notify.mjs [--users 100000]
//
// services/identity/test/bench/notify-tick.ts makes a database of its own on DATABASE_URL's server
// (dropped at the end), migrated by identity, seeds it in SQL and runs the tick twice: the first
// sends what is due, the second finds it sent (the steady state of every other minute).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './support/app.mjs';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' } } });
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'services/identity/test/bench/notify-tick.ts')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    USERS: values.users,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
for await (const chunk of child.stdout) out += chunk;
const code = await new Promise((resolve) =>
  child.exitCode === null ? child.on('exit', resolve) : resolve(child.exitCode),
);
const line = out.trim().split('\n').at(-1);
if (code !== 0 || !line) {
  console.error(out);
  process.exit(1);
}
const { users, seededSeconds, first, again, mail } = JSON.parse(line);
console.log(`seeded ${users.toLocaleString('en')} users with preferences in ${seededSeconds.toFixed(1)} s`);
console.log(
  `tick 1: ${first.due.toLocaleString('en')} reminders due, ${first.sent.toLocaleString('en')} sent; ` +
    `tick 2 (all already sent): ${(again.ms / 1000).toFixed(2)} s, ${again.sent} sent`,
);
if (mail) console.log(`e-mail tick of that minute (no zone at its weekly mail): ${(mail.ms / 1000).toFixed(2)} s`);
const ok = first.ms < 10_000 ? 'under' : 'OVER';
console.log(
  `notification tick: ${(first.ms / 1000).toFixed(2)} s for ${first.users.toLocaleString('en')} users (${ok} the 10 s target)`,
);
