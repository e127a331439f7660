// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a production build, so
// the edge (@fastify/static preCompressed, nginx brotli_static/gzip_static) serves them without
// compressing per request. Maximum levels: this runs once per build, not per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 1_024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses every eligible file under `dir`; returns how many got copies. */
export async function precompressDir(dir) {
  let count = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const data = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
    count += 1;
  }
  return count;
}

/** Rspack plugin: after the build is written, precompress its output folder. */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('VerePrecompress', async (compilation) => {
      await precompressDir(compilation.outputOptions.path ?? compiler.options.output.path);
    });
  }
}
