// Shell (production): a federation runtime plugin that hands the remotes the bundler runtime's
// functions, as inject-external-runtime-core-plugin hands them the runtime core (decision 0020).
// Evaluated with the shell's federation entry, i.e. before any remoteEntry runs.
import { bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
// The shell exposes nothing, so its own bundler runtime leaves this out; the remotes need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global.mjs';

// Functions only: each build keeps its own state (its instance, options and share scope object).
globalThis[BUNDLER_RUNTIME_GLOBAL] = {
  consumes: bundlerRuntime.consumes,
  I: bundlerRuntime.I,
  installInitialConsumes: bundlerRuntime.installInitialConsumes,
  initContainerEntry,
  init: bundlerRuntime.init,
  getSharedFallbackGetter: bundlerRuntime.getSharedFallbackGetter,
  attachShareScopeMap,
};

export default function provideBundlerRuntimePlugin() {
  return { name: 'vere-provide-bundler-runtime' };
}
