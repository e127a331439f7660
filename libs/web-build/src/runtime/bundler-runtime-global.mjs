/** Where the shell puts the bundler runtime's functions for the remotes (provide-/external-bundler-runtime.mjs). */
export const BUNDLER_RUNTIME_GLOBAL = '__VERE_FEDERATION_BUNDLER_RUNTIME__';
