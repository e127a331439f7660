// Finds a native `schema-engine-<platform>` binary where the Prisma CLI would look for one
// (see `resolveBinary` in @prisma/internals): @prisma/engines, then around the CLI's build folder.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const prismaPackageDir = dirname(require.resolve('prisma/package.json'));
export const prismaCliPath = join(prismaPackageDir, 'build', 'index.js');

function searchDirs() {
  const dirs = [prismaPackageDir, dirname(prismaPackageDir), join(prismaPackageDir, 'runtime')];
  try {
    const fromPrisma = createRequire(join(prismaPackageDir, 'package.json'));
    dirs.unshift(dirname(fromPrisma.resolve('@prisma/engines/package.json')));
  } catch {
    // @prisma/engines is not installed, so nothing was downloaded into it either.
  }
  return dirs;
}

/** @returns {string | undefined} the path of a native schema engine, if one is installed */
export function findNativeSchemaEngine() {
  for (const dir of searchDirs()) {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    const name = names.find((n) => n.startsWith('schema-engine-') && !/\.(gz|sha256|sig|wasm|m?js|ts)$/.test(n));
    if (name) return join(dir, name);
  }
  return undefined;
}
