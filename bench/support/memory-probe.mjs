// Preloaded into the app by bench/soak.mjs (`node --expose-gc --import`): every MEMORY_PROBE_MS
// (default 5,000) it runs a full garbage collection (when node exposes it) and writes the process's
// memory (process.memoryUsage(): rss, heapUsed, heapTotal, external, arrayBuffers) as one JSON line to
// MEMORY_PROBE_FILE. After a full collection heapUsed is the live heap, not wherever the collector
// happened to be, so two samples compare.
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    globalThis.gc?.();
    // Written aside and renamed: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 5000)).unref();
}
