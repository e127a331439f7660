// Remote (production): replaces @module-federation/webpack-bundler-runtime (~3 KiB gzipped of every
// remoteEntry) with the functions the shell provides (provide-bundler-runtime.mjs), the way
// `externalRuntime` replaces the runtime core. The object shape is the package's default export;
// the state in it (instance, options, share scope object) stays this build's own.
import {
  CurrentGlobal,
  ModuleFederation,
  getGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global.mjs';

const provided = globalThis[BUNDLER_RUNTIME_GLOBAL];
if (!provided)
  throw new Error('The shell did not provide the federation bundler runtime (libs/web-build, decision 0020).');

/**
 * The part of @module-federation/runtime the bundler runtime calls (`init`, from the shell's
 * `bundlerRuntime.init`), as that package does it (2.9.2 `init`): this container's own instance
 * (the package records it in a module variable of its own, so the shell's copy cannot serve a remote),
 * found by this build's identifier or created. The rest of that package (loadRemote, loadShare...
 * and their error messages) is the host's business: a remote calls none of it.
 */
const buildId = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';
function findInstance(name, version) {
  return CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    (instance) =>
      (buildId && instance.options.id === buildId) ||
      (instance.options.name === name && !instance.options.version && !version) ||
      (instance.options.name === name && !!version && instance.options.version === version),
  );
}
function init(options) {
  const existing = findInstance(options.name, options.version);
  const normalized = { ...options, id: options.id || '' };
  if (existing) {
    existing.initOptions(normalized);
    return existing;
  }
  const Constructor = getGlobalFederationConstructor() || ModuleFederation;
  const instance = new Constructor({ id: `${normalized.name}@${normalized.version || Date.now()}`, ...normalized });
  setGlobalFederationInstance(instance);
  return instance;
}
export const runtime = { init };

export const bundlerRuntime = {
  // A remote loads no remotes (disableRemote).
  remotes: undefined,
  consumes: provided.consumes,
  I: provided.I,
  S: {},
  installInitialConsumes: provided.installInitialConsumes,
  initContainerEntry: provided.initContainerEntry,
  init: provided.init,
  getSharedFallbackGetter: provided.getSharedFallbackGetter,
};
export const attachShareScopeMap = provided.attachShareScopeMap;
export const bundlerRuntimeOptions = {};
export const instance = undefined;
export const initOptions = undefined;

const federation = { runtime, instance, initOptions, bundlerRuntime, attachShareScopeMap, bundlerRuntimeOptions };
export default federation;
