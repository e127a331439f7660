export interface MigrateDeployOptions {
  /**
   * PostgreSQL URL. `?schema=<name>` selects the schema that holds `_prisma_migrations` and
   * unqualified tables (created if missing), exactly as for `prisma migrate deploy`.
   */
  databaseUrl: string;
  /** schema.prisma, or a folder of *.prisma files. */
  schemaPath: string;
  /** Defaults to `migrations/` next to the schema file (inside the folder for a schema folder). */
  migrationsDir?: string;
  /** How long to wait for a concurrent migrateDeploy() on the same database. Default 300 000; 0 waits forever. */
  lockTimeoutMs?: number;
}

export interface MigrateDeployResult {
  /** Migrations applied by this call, in order; empty when the database was up to date. */
  applied: string[];
}

/**
 * Applies pending migrations like `prisma migrate deploy`, in-process with the WebAssembly schema
 * engine; creates the database and schema if missing. Idempotent; concurrent callers on the same
 * database serialise on an advisory lock.
 * Rejects with an {@link EngineError} for Prisma-coded failures (P1001 unreachable, P3009 failed
 * migration present, P3005 non-empty schema without history, ...).
 */
export declare function migrateDeploy(options: MigrateDeployOptions): Promise<MigrateDeployResult>;

/** A user-facing schema engine error with its Prisma error code (`P1001`, `P3009`, ...). */
export declare class EngineError extends Error {
  readonly name: 'EngineError';
  readonly code: string;
  readonly meta: Record<string, unknown>;
  constructor(code: string, message: string, meta?: Record<string, unknown>);
}

/** The WebAssembly engine panicked (a bug in Prisma's engine). */
export declare class EnginePanic extends Error {
  readonly name: 'EnginePanic';
  constructor(message: string);
}

/** Absolute path of bin/schema-engine.mjs, usable as PRISMA_SCHEMA_ENGINE_BINARY. */
export declare const schemaEngineBinaryPath: string;
