// Runs Prisma's schema engine (the WebAssembly build) in-process against PostgreSQL through
// @prisma/adapter-pg. Shared by the JSON-RPC bridge (bin/schema-engine.mjs) and the
// programmatic API (src/index.mjs).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const require = createRequire(import.meta.url);

// The Result-wrapping binder must be the copy adapter-pg itself was built against, so it is
// resolved through adapter-pg rather than declared as a second, possibly diverging, dependency.
const { bindMigrationAwareSqlAdapterFactory } = createRequire(require.resolve('@prisma/adapter-pg'))(
  '@prisma/driver-adapter-utils',
);

// The engine build the installed Prisma CLI ships (and reports as its engines hash) comes first;
// the loader package's own build is the fallback. Both are produced by the same wasm-bindgen
// glue (identical import/export names), which is verified by instantiation.
const WASM_CANDIDATES = [
  () => join(dirname(require.resolve('prisma/package.json')), 'build', 'schema_engine_bg.wasm'),
  () => join(dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm'),
];

let wasmModule;

/** Loads and instantiates the schema engine WebAssembly module once per process. */
export function loadSchemaEngineWasm() {
  wasmModule ??= (async () => {
    // The engine reports the reason of a Rust panic through this global before trapping.
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: '',
      set_message(message) {
        this.message = `RuntimeError: ${message}`;
      },
    };
    // The package's own entry point imports the .wasm file as an ES module, which Node only
    // supports behind --experimental-wasm-modules, so the glue code is wired up by hand.
    const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const imports = { ...glue };
    // The engine arms a 10 s timer around its advisory lock and never clears it, which would keep
    // the process alive for 10 s after the work is done. Its own timers must not hold the loop.
    for (const name of Object.keys(imports).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
      imports[name] = (callback, ms) => setTimeout(callback, ms >>> 0).unref();
    }
    const failures = [];
    for (const candidate of WASM_CANDIDATES) {
      let instance;
      try {
        ({ instance } = await WebAssembly.instantiate(await readFile(candidate()), {
          './schema_engine_bg.js': imports,
        }));
      } catch (error) {
        failures.push(error.message);
        continue;
      }
      glue.__wbg_set_wasm(instance.exports);
      instance.exports.__wbindgen_start();
      return glue;
    }
    throw new Error(`Could not load the schema engine WebAssembly module:\n${failures.join('\n')}`);
  })();
  return wasmModule;
}

// Connection-string parameters understood by Prisma's native engine but not by node-postgres.
const PRISMA_ONLY_PARAMS = [
  'schema',
  'connection_limit',
  'pool_timeout',
  'pgbouncer',
  'statement_cache_size',
  'socket_timeout',
];

/**
 * Splits a Prisma PostgreSQL URL into what node-postgres understands plus the default schema
 * (`?schema=`), which is applied as `search_path` like the native engine does.
 */
export function parseDatabaseUrl(databaseUrl) {
  if (typeof databaseUrl !== 'string' || databaseUrl === '') {
    throw new EngineError('P1012', 'No datasource URL was provided. Set `datasource.url` in prisma.config.ts.');
  }
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new EngineError('P1013', 'The provided database string is invalid. The datasource URL could not be parsed.');
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    throw new EngineError(
      'P1013',
      `The provided database string is invalid. This schema engine only supports PostgreSQL URLs (postgresql://...), got \`${url.protocol}\`.`,
    );
  }
  const original = new URL(url);
  const schema = url.searchParams.get('schema') || undefined;
  for (const param of PRISMA_ONLY_PARAMS) url.searchParams.delete(param);
  if (schema) {
    const options = [url.searchParams.get('options'), `-c search_path=${quoteIdent(schema)}`].filter(Boolean);
    url.searchParams.set('options', options.join(' '));
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const location = url.port ? `${url.hostname}:${url.port}` : url.hostname || 'localhost';
  /** The same Prisma URL (default schema included) pointing at another database. */
  const withDatabase = (name) => {
    const copy = new URL(original);
    copy.pathname = `/${encodeURIComponent(name)}`;
    return copy.toString();
  };
  return { connectionString: url.toString(), schema, database, location, withDatabase };
}

export function quoteIdent(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/** A user-facing error carrying a Prisma error code, shaped like the native engine's. */
export class EngineError extends Error {
  constructor(code, message, meta = {}) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.meta = meta;
  }
}

// Postgres-internal types adapter-pg has no column mapping for but which the engine's catalog
// queries select ("char" above all: pg_class.relkind, pg_constraint.contype, ...). node-postgres
// has no parser for them either, so their values already arrive as strings: report them as text.
const INTERNAL_TYPES_AS_TEXT = new Set([
  18, // "char"
  22, // int2vector
  24, // regproc
  28, // xid
  29, // cid
  30, // oidvector
  194, // pg_node_tree
  2202, // regprocedure
  2203, // regoper
  2204, // regoperator
  2205, // regclass
  2206, // regtype
  4096, // regrole
  4089, // regnamespace
]);
const TEXT_OID = 25;

function reportInternalTypesAsText(result) {
  for (const res of Array.isArray(result) ? result : [result]) {
    for (const field of res?.fields ?? []) {
      if (INTERNAL_TYPES_AS_TEXT.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

class CatalogSafeClient extends pg.Client {
  query(...args) {
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    if (callbackIndex !== -1) {
      const callback = args[callbackIndex];
      args[callbackIndex] = (error, result) => callback(error, error ? result : reportInternalTypesAsText(result));
      return super.query(...args);
    }
    const pending = super.query(...args);
    return typeof pending?.then === 'function' ? pending.then(reportInternalTypesAsText) : pending;
  }
}

function poolConfig(connectionString) {
  // One connection, like the native engine: its session-level advisory lock
  // (pg_advisory_lock(72707369)) and unlock must run on the same backend.
  return { connectionString, max: 1, Client: CatalogSafeClient };
}

// adapter-pg's executeScript splits on ";", which breaks dollar-quoted function bodies and
// string literals. Send the whole script as one simple-protocol query instead, exactly like the
// native engine does (an implicit transaction for the whole migration script).
function withWholeScriptExecution(adapter) {
  adapter.executeScript = async (script) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

async function withAdminClient(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function shadowDatabaseName(database) {
  const suffix = `_shadow_${randomBytes(4).toString('hex')}`;
  // Postgres truncates identifiers at 63 bytes; keep the random suffix intact.
  return `${database.slice(0, 63 - suffix.length)}${suffix}`;
}

async function dropDatabase(adminConnectionString, name) {
  await withAdminClient(adminConnectionString, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    } catch (error) {
      // WITH (FORCE) needs PostgreSQL 13+.
      if (error?.code !== '42601') throw error;
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
    }
  });
}

/**
 * A SqlMigrationAwareDriverAdapterFactory for the wasm engine. Unlike adapter-pg's own
 * connectToShadowDb (whose pool keeps connecting to the main database because the connection
 * string wins over the `database` option), the shadow database is created next to the main one
 * and dropped when the engine disposes of it, or at the latest on close().
 */
export class PgMigrationAdapterFactory {
  provider = 'postgres';
  adapterName = '@prisma/adapter-pg';

  #main;
  #shadowUrl;
  #open = new Set();
  #shadowDatabases = new Set();

  #namespaces;

  /**
   * @param {{ url: string, shadowDatabaseUrl?: string, namespaces?: string[] }} options
   * `namespaces`: the datasource's `schemas`, reset together with the default schema when a
   * configured shadow database is reused.
   */
  constructor({ url, shadowDatabaseUrl, namespaces = [] }) {
    this.#main = parseDatabaseUrl(url);
    this.#shadowUrl = shadowDatabaseUrl ? parseDatabaseUrl(shadowDatabaseUrl) : undefined;
    this.#namespaces = namespaces;
  }

  async connect() {
    return this.#track(await this.#adapterFor(this.#main));
  }

  async connectToShadowDb() {
    if (this.#shadowUrl) {
      await this.#resetConfiguredShadowDatabase(this.#shadowUrl);
      return this.#track(await this.#adapterFor(this.#shadowUrl));
    }

    const name = shadowDatabaseName(this.#main.database);
    await withAdminClient(this.#main.connectionString, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    this.#shadowDatabases.add(name);
    const adapter = await this.#adapterFor(parseDatabaseUrl(this.#main.withDatabase(name)));
    const release = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await release();
      await this.#dropShadowDatabase(name);
    };
    return this.#track(adapter);
  }

  /** Disposes of every adapter the engine left open and drops leftover shadow databases. */
  async close() {
    const adapters = [...this.#open];
    this.#open.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
    await Promise.allSettled([...this.#shadowDatabases].map((name) => this.#dropShadowDatabase(name)));
  }

  // The wasm engine expects an empty shadow database. The native engine resets a configured one
  // (shadowDatabaseUrl) before use by dropping and recreating its schemas; do the same.
  async #resetConfiguredShadowDatabase(shadow) {
    if (shadow.location === this.#main.location && shadow.database === this.#main.database) {
      throw new EngineError(
        'P3014',
        'The shadow database you configured appears to be the same as the main database. Please specify another shadow database.',
      );
    }
    const defaultSchema = shadow.schema ?? 'public';
    await withAdminClient(shadow.connectionString, async (client) => {
      for (const schema of new Set([defaultSchema, ...this.#namespaces])) {
        await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      }
      await client.query(`CREATE SCHEMA ${quoteIdent(defaultSchema)}`);
    });
  }

  async #dropShadowDatabase(name) {
    if (!this.#shadowDatabases.delete(name)) return;
    await dropDatabase(this.#main.connectionString, name);
  }

  async #adapterFor(target) {
    const factory = new PrismaPg(poolConfig(target.connectionString), { schema: target.schema });
    return withWholeScriptExecution(await factory.connect());
  }

  #track(adapter) {
    const dispose = adapter.dispose.bind(adapter);
    let disposed;
    adapter.dispose = () => {
      this.#open.delete(adapter);
      disposed ??= dispose();
      return disposed;
    };
    this.#open.add(adapter);
    return adapter;
  }
}

/**
 * Starts a wasm schema engine.
 * @param {{ url: string, shadowDatabaseUrl?: string, datamodels?: [string, string][], log?: (line: string) => void }} options
 */
export async function openSchemaEngine({ url, shadowDatabaseUrl, datamodels, log = () => {} }) {
  const wasm = await loadSchemaEngineWasm();
  const factory = new PgMigrationAdapterFactory({ url, shadowDatabaseUrl, namespaces: datasourceSchemas(datamodels) });
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  let engine;
  try {
    // `datamodels` must be undefined or non-empty.
    engine = await wasm.SchemaEngine.new({ datamodels: datamodels?.length ? datamodels : undefined }, log, bound);
  } catch (error) {
    await factory.close();
    throw toEngineError(error, bound.errorRegistry);
  }
  let closed = false;
  return {
    engine,
    /** Calls an engine method, converting thrown values into EngineError / EnginePanic. */
    async call(method, params) {
      try {
        // Must stay a method call on `engine`: wasm-bindgen methods lose their `this` otherwise.
        return await engine[method](params);
      } catch (error) {
        throw toEngineError(error, bound.errorRegistry);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        engine.free();
      } finally {
        await factory.close();
      }
    },
  };
}

/** The `schemas = [...]` of the datasource block in `[path, content]` schema files, if any. */
export function datasourceSchemas(datamodels = []) {
  for (const [, content] of datamodels) {
    const block = /datasource\s+\w+\s*\{([^}]*)\}/m.exec(content.replace(/\/\/.*$/gm, ''));
    const list = block && /\bschemas\s*=\s*\[([^\]]*)\]/.exec(block[1]);
    if (list) return [...list[1].matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  }
  return [];
}

/** A Rust panic inside the wasm engine; the instance must not be used afterwards. */
export class EnginePanic extends Error {
  constructor(message) {
    super(message);
    this.name = 'EnginePanic';
  }
}

// The wasm engine reports connection failures as plain errors; give them the native codes.
const KNOWN_MESSAGES = [
  [/^Can't reach database server/, 'P1001'],
  [/^Database `.*` does not exist/, 'P1003'],
  [/^Authentication failed against database server/, 'P1000'],
  [/^User `.*` was denied access/, 'P1010'],
];

/** Normalises whatever the wasm engine threw into EngineError (user-facing), EnginePanic or Error. */
export function toEngineError(error, errorRegistry) {
  if (error instanceof EngineError || error instanceof EnginePanic) return error;
  if (error instanceof WebAssembly.RuntimeError) {
    const registry = globalThis.PRISMA_WASM_PANIC_REGISTRY;
    const message = registry?.message || String(error.message);
    if (registry) registry.message = '';
    return new EnginePanic(message);
  }
  if (error && typeof error === 'object') {
    // A JS exception inside the adapter is parked in the registry; the engine only names its id.
    const external = /External error id#(\d+)/.exec(String(error.message));
    const record = external && errorRegistry?.consumeError(Number(external[1]));
    if (record?.error instanceof Error) return record.error;
    if (typeof error.code === 'string' && /^P\d{4}$/.test(error.code)) {
      return new EngineError(error.code, String(error.message ?? ''), error.meta ?? {});
    }
    const known = KNOWN_MESSAGES.find(([pattern]) => pattern.test(String(error.message)));
    if (known) return new EngineError(known[1], String(error.message).trimEnd());
    if (error instanceof Error) return error;
    return new Error(String(error.message ?? JSON.stringify(error)));
  }
  return new Error(String(error));
}
