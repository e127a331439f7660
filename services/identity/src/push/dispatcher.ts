import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channel the `notification` trigger NOTIFYs when it queues pushes (migration 20261128040000). */
export const PUSH_CHANNEL = 'identity_push';
/** Retries, quiet-hour deferrals and lost NOTIFYs are picked up this often. */
export const PUSH_POLL_MS = 15_000;

/**
 * Runs `dispatch` on this replica whenever pushes may be due: right after a transaction that
 * queued some commits (LISTEN), and every PUSH_POLL_MS for the rest. One run at a time; a wake-up
 * during a run starts another after it. Every replica runs one: claims are leased, so each push
 * goes out once (decision 0053).
 */
export class PushDispatcher {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly dispatch: () => Promise<unknown>,
    private readonly logger: FastifyBaseLogger,
    private readonly pollMs = PUSH_POLL_MS,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.wake();
  }

  /** Runs the dispatch now, or once more after the one running. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.dispatch()
      .catch((err: unknown) => this.logger.warn({ err }, 'push: dispatch failed; retrying at the next wake-up'))
      .then(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', () => this.wake());
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 1_000);
    };
    client.on('error', (err) => {
      this.logger.warn({ err }, 'push: LISTEN connection lost; polling until it is back');
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${PUSH_CHANNEL}`);
      this.client = client;
    } catch (err) {
      this.logger.warn({ err }, 'push: cannot LISTEN; polling meanwhile');
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 5_000);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.running;
  }
}
