#!/usr/bin/env node
// Compares two V8 heap snapshots (e.g. bench/soak.mjs's HEAP_SNAPSHOTS at the half and at the end):
// objects grouped by constructor (or node type for strings, arrays, code), count and self size in
// each, and the groups that grew the most. What keeps growing there is what to look at.
//
//   node --max-old-space-size=6000 bench/support/heap-diff.mjs <before.heapsnapshot> <after.heapsnapshot> [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
if (positionals.length !== 2) throw new Error('usage: heap-diff.mjs <before> <after> [--top N]');

/** constructor (or type) name → { count, size } */
function groups(file) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const out = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const t = types[nodes[i + type]];
    const key = t === 'object' || t === 'closure' ? `${t}:${strings[nodes[i + name]]}` : t;
    const g = out.get(key) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += nodes[i + size];
    out.set(key, g);
  }
  return out;
}

const before = groups(positionals[0]);
const after = groups(positionals[1]);
const total = (m) => [...m.values()].reduce((s, g) => s + g.size, 0);
const mb = (n) => (n / 1048576).toFixed(2);
console.log(`heap: ${mb(total(before))} MB → ${mb(total(after))} MB`);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((k) => {
  const b = before.get(k) ?? { count: 0, size: 0 };
  const a = after.get(k) ?? { count: 0, size: 0 };
  return { k, dCount: a.count - b.count, dSize: a.size - b.size, a };
});
console.log('\ngrew the most (self size):');
for (const r of rows.sort((x, y) => y.dSize - x.dSize).slice(0, Number(values.top)))
  console.log(
    `  ${mb(r.dSize).padStart(8)} MB  ${String(r.dCount).padStart(8)} objects  (now ${r.a.count} / ${mb(r.a.size)} MB)  ${r.k}`,
  );
console.log('\ngrew the most (count):');
for (const r of rows.sort((x, y) => y.dCount - x.dCount).slice(0, Number(values.top)))
  console.log(`  ${String(r.dCount).padStart(8)} objects  ${mb(r.dSize).padStart(8)} MB  ${r.k}`);
