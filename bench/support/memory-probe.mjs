// Preloaded into the app by bench/soak.mjs (`node --expose-gc --import`): every MEMORY_PROBE_MS
// (default 5,000) it runs a full garbage collection (when node exposes it) and writes the process's
// memory (process.memoryUsage(): rss, heapUsed, heapTotal, external, arrayBuffers), the size of
// V8's young generation (newSpace: the new spaces, as committed) and the heap's code and bytecode
// (codeUsed) as one JSON object to MEMORY_PROBE_FILE. After a full collection heapUsed is the live heap, not wherever the
// collector happened to be, so two samples compare.
import { renameSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    globalThis.gc?.();
    const spaces = getHeapSpaceStatistics();
    const sum = (names, field) => spaces.filter((s) => names.test(s.space_name)).reduce((n, s) => n + s[field], 0);
    const newSpace = sum(/^new_/, 'space_size');
    // Of heapUsed, what the JIT made: code and (V8's trusted spaces) bytecode. It rises in steps as
    // functions are compiled and optimised, and falls when unused bytecode is flushed.
    const codeUsed = sum(/code|trusted/, 'space_used_size');
    const reading = { at: Date.now(), ...process.memoryUsage(), newSpace, codeUsed };
    // Written aside and renamed: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(reading));
    renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 5000)).unref();
}
