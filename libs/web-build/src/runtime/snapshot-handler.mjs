// Shell (production): what the federation runtime core's `SnapshotHandler` still does once the shell
// lists its remotes by their remoteEntry.js and turns the snapshot plugin off (decision 0070), and no
// more (decision 0073). The build points runtime-core's own SnapshotHandler module here
// (SNAPSHOT_HANDLER in index.mjs); `test/snapshot-handler.test.mjs` fails if runtime-core starts to
// use a member this class does not have.
//
// What the runtime core reads from `instance.snapshotHandler` with the snapshot plugin off:
// - `hooks`: every plugin is offered to it (utils/plugin.ts); it has no lifecycle, so none is taken;
// - `manifestCache`: `registerRemotes(..., { force: true })` (Try Again) deletes the remote's entry;
// - `loadRemoteSnapshotInfo`: only `preloadRemote`, which reads manifests; the apps call `loadRemote`.
// And the module's other export, `getGlobalRemoteInfo`, which `removeRemote` calls (the same as
// runtime-core's: without snapshots no host snapshot lists remotes, but a page could still carry one).
import { helpers } from '@module-federation/runtime-core';

export function getGlobalRemoteInfo(moduleInfo, origin) {
  const { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } = helpers.global;
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion)
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
        name: moduleInfo.name,
        version: globalRemoteInfo.matchedVersion,
      }),
    };
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

export class SnapshotHandler {
  constructor() {
    this.hooks = { lifecycle: {}, registerPlugins: {}, applyPlugin() {}, removePlugin() {} };
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    return Promise.reject(
      new Error(
        'Vere lists remotes by their remoteEntry.js: preloadRemote (manifests) is not available (decision 0073).',
      ),
    );
  }
}
