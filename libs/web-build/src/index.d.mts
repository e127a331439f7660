export declare const API_TARGET: string;
export declare const DEV_PORTS: Record<'shell' | 'challenges' | 'connect' | 'playbooks' | 'account', number>;
export declare function sharedSingletons(deps: Record<string, string>): Record<string, unknown>;
export declare function baseConfig(options: {
  dir: string;
  prod: boolean;
  uniqueName: string;
  publicPath: string;
  assetDir?: string;
}): Record<string, unknown>;
export declare function remoteConfig(options: {
  name: string;
  dir: string;
  dependencies: Record<string, string>;
}): (env: unknown, argv: { mode?: string }) => Record<string, unknown>;
/** The Content-Security-Policy header value for the built app (see csp.mjs). */
export declare function contentSecurityPolicy(indexHtml: string): string;
/** Rspack plugin writing .br and .gz copies of a production build's text assets. */
export declare class PrecompressPlugin {
  apply(compiler: unknown): void;
}
/** Writes .br and .gz copies of every text file of 1 KB or more under `dir`; returns how many. */
export declare function precompressDir(dir: string): Promise<number>;
/** Shell runtime plugin publishing the federation bundler runtime's functions for the remotes. */
export declare const PROVIDE_BUNDLER_RUNTIME: string;
/** What a production remote's webpack-bundler-runtime imports resolve to (the shell's functions). */
export declare const EXTERNAL_BUNDLER_RUNTIME: string;
