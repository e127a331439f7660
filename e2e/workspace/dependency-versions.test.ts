import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/stack';

interface Manifest {
  name: string;
  version: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8'));

/** Every workspace package.json (the root's `workspaces` globs, one level deep). */
function workspaceManifests(): Manifest[] {
  const globs = readJson(join(repoRoot, 'package.json')).workspaces ?? [];
  return globs
    .flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(join(repoRoot, glob.slice(0, -2))).map((name) => join(repoRoot, glob.slice(0, -2), name))
        : [join(repoRoot, glob)],
    )
    .map((dir) => join(dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map(readJson);
}

/** What the workspace declares for each package matching `pattern`: name → set of ranges. */
function declared(pattern: RegExp): Map<string, Set<string>> {
  const ranges = new Map<string, Set<string>>();
  for (const manifest of workspaceManifests()) {
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (!pattern.test(name)) continue;
      ranges.set(name, (ranges.get(name) ?? new Set()).add(range));
    }
  }
  return ranges;
}

const installed = (name: string) => readJson(join(repoRoot, 'node_modules', name, 'package.json')).version;
const minor = (version: string) => /^\D*(\d+\.\d+)/.exec(version)![1];

/**
 * Packages released together must be installed together: a CLI that generates code for a client of
 * another patch, or a bundler core ahead of its CLI and dev server, is a pair no release was tested as.
 */
describe('dependency versions', () => {
  it('the Prisma CLI, client and adapter are one release, declared the same everywhere', () => {
    const prisma = declared(/^(prisma|@prisma\/(client|adapter-pg))$/);
    expect([...prisma.keys()].sort()).toEqual(['@prisma/adapter-pg', '@prisma/client', 'prisma']);
    const everyRange = new Set([...prisma.values()].flatMap((ranges) => [...ranges]));
    expect([...everyRange]).toHaveLength(1);
    expect(new Set(['prisma', '@prisma/client', '@prisma/adapter-pg'].map(installed))).toEqual(
      new Set([installed('prisma')]),
    );
  });

  it('the schema engine bindings are the build of the engine the installed CLI ships (decision 0002)', () => {
    // The bridge loads prisma/build/schema_engine_bg.wasm through @prisma/schema-engine-wasm's glue.
    expect(installed('@prisma/schema-engine-wasm')).toBe(installed('@prisma/engines-version'));
    const range = [...(declared(/^@prisma\/schema-engine-wasm$/).get('@prisma/schema-engine-wasm') ?? [])];
    expect(range).toEqual([installed('@prisma/engines-version')]);
  });

  it('the Rspack core, CLI and dev server are one minor version', () => {
    const rspack = declared(/^@rspack\/(core|cli|dev-server)$/);
    const minors = new Set([...rspack.values()].flatMap((ranges) => [...ranges].map(minor)));
    expect([...minors]).toHaveLength(1);
    expect(
      new Set(['@rspack/core', '@rspack/cli', '@rspack/dev-server'].map((name) => minor(installed(name)))),
    ).toEqual(minors);
  });
});
