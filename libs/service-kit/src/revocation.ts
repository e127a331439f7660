import { SessionRevoked, UserDeleted } from '@vere/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ACCESS_TOKEN_CLOCK_SKEW_SECONDS, ACCESS_TOKEN_MAX_LIFETIME_SECONDS, type RevocationCheck } from './auth';
import { consume } from './consumers';
import { quoteIdent } from './events/sql';
import type { EventBus, Subscription } from './events/types';
import { pgTransactions, type PgTx } from './unit-of-work';

/**
 * A revocation outlives every token it can refuse by this much: a token issued before it is refused
 * by its age (accessTokenProblem) once this has passed, so the row and the set entry can go.
 */
export const REVOCATION_KEEP_MS = (ACCESS_TOKEN_MAX_LIFETIME_SECONDS + ACCESS_TOKEN_CLOCK_SKEW_SECONDS) * 1_000;
/** How often each replica reads the revocations other replicas' consumers stored. */
export const REVOCATION_REFRESH_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;

export interface RevocationListOptions {
  pool: pg.Pool;
  /** The service's schema, holding its `revocation` table. */
  schema: string;
  bus: EventBus;
  logger: FastifyBaseLogger;
  refreshMs?: number;
}

/**
 * The read model of identity's revocations every service but identity keeps (decision 0034): a
 * durable consumer stores ended sessions (`identity.session.revoked.v1`) and deleted users
 * (`identity.user.deleted.v1`) in the service's `revocation` table, and every replica holds the ids
 * of the last 16 minutes in one in-memory Set, read again from the table every second. The token
 * verifier asks `isRevoked`: two Set lookups, no I/O.
 */
export class RevocationList {
  private readonly ids = new Map<string, number>();
  private readonly table: string;
  private lastSeq = '0';
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly opts: RevocationListOptions) {
    this.table = `${quoteIdent(opts.schema)}."revocation"`;
  }

  /** The verifier's check: the token's session ended, or its user was deleted. */
  readonly isRevoked: RevocationCheck = (token) =>
    this.ids.has(token.userId) || (token.sessionId !== undefined && this.ids.has(token.sessionId));

  /**
   * Stores a revocation inside a consumer's unit of work. The two consumers (and the replicas) take
   * turns under one lock held until commit, so rows commit in `seq` order and a replica reading
   * `seq > last` never steps over one still uncommitted.
   */
  async record(tx: PgTx, kind: 'session' | 'user', id: string, revokedAt: Date): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.opts.schema}.revocation`]);
    await tx.query(
      `INSERT INTO ${this.table} (kind, id, revoked_at) VALUES ($1, $2::uuid, $3::timestamptz) ON CONFLICT (kind, id) DO NOTHING`,
      [kind, id, revokedAt],
    );
  }

  /** Reads the revocations stored since the last read (the first read takes all that are still live). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNew().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async readNew(): Promise<void> {
    const { rows } = await this.opts.pool.query<{ seq: string; id: string; revoked_at: Date }>(
      `SELECT seq, id, revoked_at FROM ${this.table} WHERE seq > $1::bigint ORDER BY seq LIMIT 10000`,
      [this.lastSeq],
    );
    for (const row of rows) this.ids.set(row.id.toLowerCase(), row.revoked_at.getTime());
    if (rows.length > 0) this.lastSeq = rows[rows.length - 1]!.seq;
    if (rows.length === 10_000) return this.readNew();
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  private async prune(): Promise<void> {
    this.lastPrune = Date.now();
    const cutoff = Date.now() - REVOCATION_KEEP_MS;
    for (const [id, at] of this.ids) if (at < cutoff) this.ids.delete(id);
    await this.opts.pool.query(`DELETE FROM ${this.table} WHERE revoked_at < $1::timestamptz`, [new Date(cutoff)]);
  }

  /** Loads the live revocations, then reads new ones every `refreshMs`. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((err: unknown) =>
        this.opts.logger.warn({ err }, 'could not read revocations; using the ones already known'),
      );
    }, this.opts.refreshMs ?? REVOCATION_REFRESH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.refreshing?.catch(() => undefined);
  }

  /**
   * The durable consumers feeding the table. The replica that stores a revocation also adds it to its
   * own set at once (identity's event is the fact; a failed commit is redelivered); the others read
   * it within `refreshMs`.
   */
  consumers(durablePrefix: string): Promise<Subscription>[] {
    const transaction = pgTransactions(this.opts.pool, { schema: this.opts.schema });
    const afterCommit = (id: string, at: Date) => this.ids.set(id.toLowerCase(), at.getTime());
    return [
      consume(this.opts.bus, transaction, `${durablePrefix}-revoked-sessions`, SessionRevoked, async (tx, e) => {
        const at = new Date(e.revokedAt);
        await this.record(tx, 'session', e.sessionId, at);
        afterCommit(e.sessionId, at);
      }),
      consume(this.opts.bus, transaction, `${durablePrefix}-revoked-users`, UserDeleted, async (tx, e) => {
        const at = new Date(e.occurredAt);
        await this.record(tx, 'user', e.userId, at);
        afterCommit(e.userId, at);
      }),
    ];
  }
}
