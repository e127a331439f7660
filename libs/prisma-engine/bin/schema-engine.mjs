#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary (set PRISMA_SCHEMA_ENGINE_BINARY to this
// file). Speaks the same JSON-RPC-over-stdio protocol as the native engine, but executes every
// request with the WebAssembly schema engine over @prisma/adapter-pg. PostgreSQL only.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { EngineError, EnginePanic, loadSchemaEngineWasm, openSchemaEngine, toEngineError } from '../src/engine.mjs';
import { canConnectToDatabase, createDatabase } from '../src/database.mjs';

const LOG_TARGET = 'schema_engine::logger';

function log(level, message, extra = {}) {
  process.stderr.write(
    `${JSON.stringify({ timestamp: new Date().toISOString(), level, fields: { message, ...extra }, target: LOG_TARGET })}\n`,
  );
}

function parseCommandLine(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      datamodels: { type: 'string', multiple: true },
      datasource: { type: 'string' },
      // Accepted for compatibility; the wasm engine reads preview features from the schema.
      'enabled-preview-features': { type: 'string' },
      'extension-types': { type: 'string' },
      version: { type: 'boolean', short: 'V' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  let datasource = {};
  if (values.datasource !== undefined) {
    try {
      datasource = JSON.parse(values.datasource);
    } catch {
      throw new EngineError('P1012', 'The `--datasource` argument is not valid JSON.');
    }
    if (!datasource || typeof datasource !== 'object') {
      throw new EngineError('P1012', 'The `--datasource` argument must be a JSON object.');
    }
  }
  return {
    datamodelPaths: values.datamodels ?? [],
    datasource,
    version: values.version,
    help: values.help,
    positionals,
  };
}

// ---------------------------------------------------------------------------------------------
// `schema-engine cli <command>`: one-shot commands the Prisma CLI runs before migrate dev/db push.
// The CLI skips the first stderr line and looks for an ERROR line carrying `error_code`.

async function runCliCommand(command, datasource) {
  try {
    switch (command) {
      case 'can-connect-to-database':
        await canConnectToDatabase(datasource.url);
        break;
      case 'create-database':
        await createDatabase(datasource.url);
        break;
      default:
        throw new Error(`Unknown schema engine CLI command: ${command}`);
    }
    return 0;
  } catch (error) {
    const normalized = toEngineError(error);
    log('ERROR', normalized.message, normalized instanceof EngineError ? { error_code: normalized.code } : {});
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-RPC server.

const ERROR_MESSAGE = 'An error happened. Check the data field for details.';

function rpcError(error) {
  if (error instanceof EnginePanic) {
    return { code: 4466, message: error.message, data: { is_panic: true, message: error.message, backtrace: null } };
  }
  if (error instanceof EngineError) {
    return {
      code: 4466,
      message: ERROR_MESSAGE,
      data: { is_panic: false, message: error.message, meta: error.meta ?? {}, error_code: error.code },
    };
  }
  return {
    code: 4466,
    message: ERROR_MESSAGE,
    data: { is_panic: false, message: String(error?.message ?? error), backtrace: null },
  };
}

// CLI method name -> wasm engine method name, for the ones that are forwarded as they are.
const FORWARDED = {
  applyMigrations: 'applyMigrations',
  createMigration: 'createMigration',
  devDiagnostic: 'devDiagnostic',
  diagnoseMigrationHistory: 'diagnoseMigrationHistory',
  ensureConnectionValidity: 'ensureConnectionValidity',
  evaluateDataLoss: 'evaluateDataLoss',
  getDatabaseVersion: 'version',
  introspect: 'introspect',
  introspectSql: 'introspectSql',
  markMigrationApplied: 'markMigrationApplied',
  markMigrationRolledBack: 'markMigrationRolledBack',
  reset: 'reset',
  schemaPush: 'schemaPush',
};

class Bridge {
  #datasource;
  #datamodels;
  #engine;
  #nextOutgoingId = 1;
  #pendingOutgoing = new Map();
  #current;
  #answered = new Set();

  /** Set once the bridge cannot serve requests any more (engine panic, crash). */
  fatal;

  constructor({ datasource, datamodels }) {
    this.#datasource = datasource;
    this.#datamodels = datamodels;
  }

  #send(message) {
    process.stdout.write(`${JSON.stringify(message)}\n`);
  }

  #answer(id, payload) {
    if (this.#answered.has(id)) return;
    this.#answered.add(id);
    this.#send({ jsonrpc: '2.0', ...payload, id });
  }

  #engineHandle() {
    this.#engine ??= openSchemaEngine({
      url: this.#datasource.url,
      shadowDatabaseUrl: this.#datasource.shadowDatabaseUrl,
      datamodels: this.#datamodels,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    return this.#engine;
  }

  /** Asks the CLI to print to its stdout (how the native engine emits `migrate diff` output). */
  #print(content) {
    const id = `print-${this.#nextOutgoingId++}`;
    return new Promise((resolve) => {
      this.#pendingOutgoing.set(id, resolve);
      this.#send({ jsonrpc: '2.0', method: 'print', params: { content }, id });
    });
  }

  async #dispatch(method, params) {
    switch (method) {
      case 'debugPanic': {
        const { engine } = await this.#engineHandle();
        try {
          engine.debugPanic();
        } catch (error) {
          throw toEngineError(error);
        }
        return {};
      }
      case 'createDatabase':
        return { databaseName: await createDatabase(this.#urlFrom(params?.datasource)) };
      case 'diff': {
        const handle = await this.#engineHandle();
        const result = await handle.call('diff', params);
        if (result?.stdout) await this.#print(result.stdout.replace(/\n$/, ''));
        return { ...result, stdout: null };
      }
      case 'evaluateDataLoss':
      case 'createMigration':
        return this.#withMigrationsSchema(method, params);
      case 'dbExecute': {
        const url = params?.datasourceType?.tag === 'url' ? params.datasourceType.url : undefined;
        if (url && url !== this.#datasource.url) {
          // A different database than the configured one: use a short-lived engine for it.
          const other = await openSchemaEngine({ url });
          try {
            return (await other.call('dbExecute', params)) ?? {};
          } finally {
            await other.close();
          }
        }
        return (await (await this.#engineHandle()).call('dbExecute', params)) ?? {};
      }
      default: {
        const target = FORWARDED[method];
        if (!target) {
          const error = new Error(`Method not found: ${method}`);
          error.rpcCode = -32601;
          throw error;
        }
        const handle = await this.#engineHandle();
        return (await handle.call(target, params)) ?? {};
      }
    }
  }

  // Unlike the native engine, the wasm build of these two commands cannot open a shadow database
  // itself: it needs the schema of the migrations history from a cache that only the commands
  // given the adapter factory fill (devDiagnostic / diagnoseMigrationHistory, for the migrations
  // already applied to the database). When `migrate dev` has just applied pending migrations the
  // cache misses; fill it and retry.
  async #withMigrationsSchema(method, params) {
    const handle = await this.#engineHandle();
    try {
      return await handle.call(method, params);
    } catch (error) {
      if (!/shadow DB must be provided through an external factory/.test(String(error?.message))) throw error;
      await handle.call('diagnoseMigrationHistory', {
        migrationsList: params.migrationsList,
        optInToShadowDatabase: true,
        filters: params.filters,
      });
      return handle.call(method, params);
    }
  }

  #urlFrom(datasource) {
    if (datasource?.tag === 'ConnectionString' && datasource.url) return datasource.url;
    return this.#datasource.url;
  }

  async handleRequest({ id, method, params }) {
    if (this.fatal) {
      this.#answer(id, { error: rpcError(this.fatal) });
      return;
    }
    this.#current = id;
    try {
      const result = await this.#dispatch(method, params);
      this.#answer(id, { result: result ?? {} });
    } catch (error) {
      const normalized = toEngineError(error);
      const rpc = error?.rpcCode ? { code: error.rpcCode, message: error.message } : rpcError(normalized);
      this.#answer(id, { error: rpc });
      // A panicked wasm instance cannot be used again.
      if (normalized instanceof EnginePanic) this.fail(normalized);
    } finally {
      if (this.#current === id) this.#current = undefined;
    }
  }

  /** A response from the CLI to one of our own requests (print). */
  handleResponse({ id }) {
    this.#pendingOutgoing.get(id)?.();
    this.#pendingOutgoing.delete(id);
  }

  /** Makes the bridge unusable: fails the request in flight and every later one with `error`. */
  fail(error) {
    this.fatal ??= error;
    if (this.#current !== undefined) this.#answer(this.#current, { error: rpcError(this.fatal) });
  }

  async close() {
    const engine = this.#engine;
    this.#engine = undefined;
    if (engine) await (await engine.catch(() => undefined))?.close();
  }
}

function parseMessage(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

// The Prisma CLI stops the engine by closing its stdin and then waits for the process to exit,
// but only if it is still running: an engine that exits first leaves the CLI waiting for nothing
// and exiting 0 as if the command had succeeded. So after a fatal error the bridge answers the
// request in flight with the error, keeps answering with it, and exits (non-zero) once stdin
// closes. If the CLI never closes it, give up after a while.
const FATAL_EXIT_GRACE_MS = 10_000;

async function serve(bridge) {
  let exitCode = 0;
  const fatal = (error, code) => {
    if (exitCode !== 0) return;
    exitCode = code;
    log('ERROR', `schema engine bridge failed: ${error?.stack ?? error}`);
    bridge.fail(error);
    setTimeout(() => process.exit(exitCode), FATAL_EXIT_GRACE_MS);
  };
  // Anything escaping the request handlers is a bridge bug; it must surface as a failed engine.
  process.on('uncaughtException', (error) => fatal(error, 1));
  process.on('unhandledRejection', (error) => fatal(error, 1));

  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  // Requests run one at a time, in order. Responses to our own print requests must not queue
  // behind them: the CLI sends those while it waits for the answer to its current request.
  let queue = Promise.resolve();
  for await (const line of lines) {
    if (!line.trim()) continue;
    const message = parseMessage(line);
    if (!message) {
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })}\n`,
      );
    } else if (message.method === undefined) {
      bridge.handleResponse(message);
    } else if (bridge.fatal) {
      await bridge.handleRequest(message);
    } else {
      queue = queue.then(async () => {
        await bridge.handleRequest(message);
        if (bridge.fatal) fatal(bridge.fatal, bridge.fatal instanceof EnginePanic ? 101 : 1);
      });
    }
  }
  // After a fatal error the request in flight may never settle; it has been answered already.
  if (!bridge.fatal) await queue;
  await Promise.race([bridge.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  return exitCode;
}

async function main() {
  // The CLI ignores the first stderr line of one-shot commands, so never make it an error.
  log('INFO', 'Starting schema engine (wasm bridge)');
  let args;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    log('ERROR', error.message, error instanceof EngineError ? { error_code: error.code } : {});
    return 1;
  }
  if (args.help) {
    process.stdout.write(
      'Usage: schema-engine [--datamodels <path>...] [--datasource <json>] [cli <can-connect-to-database|create-database>]\n',
    );
    return 0;
  }
  if (args.version) {
    const wasm = await loadSchemaEngineWasm();
    process.stdout.write(`schema-engine-wasm ${wasm.version()} (@vere/prisma-engine bridge)\n`);
    return 0;
  }
  if (args.positionals[0] === 'cli') return runCliCommand(args.positionals[1], args.datasource);
  if (args.positionals.length > 0) {
    log('ERROR', `Unexpected argument: ${args.positionals[0]}`);
    return 1;
  }

  const datamodels = await Promise.all(args.datamodelPaths.map(async (path) => [path, await readFile(path, 'utf8')]));
  const bridge = new Bridge({ datasource: args.datasource, datamodels });
  const interrupt = async (code) => {
    await bridge.close().catch(() => {});
    process.exit(code);
  };
  process.once('SIGINT', () => interrupt(130));
  process.once('SIGTERM', () => interrupt(143));
  return serve(bridge);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log('ERROR', `schema engine bridge crashed: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
