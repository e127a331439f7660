import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The shell's build replaces the federation runtime core's SnapshotHandler module with
// libs/web-build/src/runtime/snapshot-handler.mjs (decision 0073). These tests hold that file to
// what the runtime core uses of the module, so that an upgrade which uses more fails here, not in a
// user's Try Again.
const require = createRequire(import.meta.url);
const runtimeCore = dirname(require.resolve('@module-federation/runtime-core'));
const SNAPSHOT = 'plugins/snapshot/SnapshotHandler.js';
const REPLACEMENT = join(import.meta.dirname, '../../../../../../libs/web-build/src/runtime/snapshot-handler.mjs');

function runtimeFiles(dir = runtimeCore): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return runtimeFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** The runtime core's ESM files, less the module replaced and the snapshot plugin the shell leaves out. */
const users = runtimeFiles()
  .map((path) => ({ path: relative(runtimeCore, path), code: readFileSync(path, 'utf8') }))
  .filter(({ path }) => path !== SNAPSHOT && path !== 'plugins/snapshot/index.js');

describe("the shell's SnapshotHandler (decision 0073)", () => {
  it('has every member the runtime core reads from instance.snapshotHandler', async () => {
    const used = new Set(users.flatMap(({ code }) => [...code.matchAll(/snapshotHandler\.(\w+)/g)].map((m) => m[1]!)));
    expect([...used].sort()).toEqual(['hooks', 'loadRemoteSnapshotInfo', 'manifestCache']);
    const { SnapshotHandler } = await import(pathToFileURL(REPLACEMENT).href);
    const handler = new SnapshotHandler();
    for (const member of used) expect(handler[member], member).toBeDefined();
    // What registerPlugins and Try Again's removeRemote do with it.
    handler.hooks.applyPlugin({ name: 'any', loadSnapshot: () => undefined });
    handler.manifestCache.delete('https://vere.test/remotes/connect/remoteEntry.js');
    await expect(handler.loadRemoteSnapshotInfo()).rejects.toThrow(/preloadRemote/);
  });

  it('exports every name the runtime core imports from the module', async () => {
    const imported = new Set(
      users.flatMap(({ code }) =>
        [...code.matchAll(/import \{([^}]*)\} from "[./]*plugins\/snapshot\/SnapshotHandler\.js"/g)].flatMap((m) =>
          m[1]!.split(',').map((name) => name.trim()),
        ),
      ),
    );
    expect([...imported].sort()).toEqual(['SnapshotHandler', 'getGlobalRemoteInfo']);
    const replacement = await import(pathToFileURL(REPLACEMENT).href);
    for (const name of imported) expect(replacement[name], name).toBeTypeOf('function');
  });

  it("finds a remote in the host's global snapshot as runtime-core's getGlobalRemoteInfo does", async () => {
    const real = await import(pathToFileURL(join(runtimeCore, SNAPSHOT)).href);
    const slim = await import(pathToFileURL(REPLACEMENT).href);
    const { helpers } = await import('@module-federation/runtime-core');
    const host = { name: 'shell', options: { version: undefined } };
    // (Partial snapshots: only the fields the lookup reads.)
    const cases: Record<string, object>[] = [
      // No snapshot on the page (the shell's case: no manifests are read).
      {},
      // A host snapshot that lists the remote at a version, and that version's own snapshot.
      {
        shell: { remotesInfo: { connect: { matchedVersion: '1.2.0' } } },
        'connect:1.2.0': { version: '1.2.0', remoteEntry: 'remoteEntry.js' },
      },
      // A host snapshot without the remote.
      { shell: { remotesInfo: { playbooks: { matchedVersion: '1.0.0' } } } },
    ];
    let listed = 0;
    for (const moduleInfo of cases) {
      helpers.global.addGlobalSnapshot(moduleInfo as never);
      for (const remote of [
        { name: 'connect', entry: '/remotes/connect/remoteEntry.js' },
        { name: 'connect', version: '1.2.0' },
      ]) {
        const expected = real.getGlobalRemoteInfo(remote, host);
        if (expected.hostGlobalSnapshot) listed += 1;
        expect(slim.getGlobalRemoteInfo(remote, host)).toEqual(expected);
      }
      helpers.global.resetFederationGlobalInfo();
    }
    expect(listed).toBe(2); // the second case, for both forms of the remote
  });
});
