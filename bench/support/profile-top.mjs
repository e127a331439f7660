#!/usr/bin/env node
// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> of auth-throughput.mjs):
// self time by function and by package, the top N of each, over all the files given; with
// --callers <name>, also the call stacks (14 frames up) that spent the self time of that function.
//
// --last <s> keeps only each profile's last s seconds (the measured run, not the start-up).
//
//   node bench/support/profile-top.mjs <file.cpuprofile>... [--top 25] [--callers writeUtf8String] [--last 10]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' }, callers: { type: 'string' }, last: { type: 'string' } },
  allowPositionals: true,
});
const byFunction = new Map();
const byPackage = new Map();
const byStack = new Map();
let total = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
/** The package a script belongs to (node_modules/<pkg>, a workspace folder, node:internal), or the file. */
const packageOf = (url) => {
  if (!url) return '(native/vm)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ws = /\/(libs|services|apps|infra)\/([^/]+)\//.exec(url);
  return ws ? `${ws[1]}/${ws[2]}` : url;
};
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const frame = (n) =>
    `${n.callFrame.functionName || '(anonymous)'}@${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  const deltas = profile.timeDeltas;
  // Sample i was taken at startTime + the sum of deltas up to i.
  const times = [];
  let at = profile.startTime;
  for (const d of deltas) times.push((at += d));
  const from = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i] < from) continue;
    const node = nodes.get(profile.samples[i]);
    const us = deltas[i] ?? 0;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const short = url ? url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(libs|services)\//, '$1/') : '';
    add(byFunction, `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`, us);
    add(byPackage, packageOf(url), us);
    if (values.callers && functionName === values.callers) {
      const stack = [];
      for (let p = parents.get(node.id); p && stack.length < 14; p = parents.get(p.id)) stack.push(frame(p));
      add(byStack, stack.join(' < '), us);
    }
  }
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(`${positionals.length} profile(s), ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package', byPackage);
print('self time by function', byFunction);
if (values.callers) print(`stacks under ${values.callers}`, byStack);
