import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LIVE_CHANNEL, type AnyLiveMessage } from './messages';

export type LiveListener = (message: AnyLiveMessage) => void;

/**
 * Live updates for this instance's open streams. Writers NOTIFY `pods_live` in the transaction
 * that commits the change (a log entry, a streak change, a chat message), so every pods instance hears it right
 * after the commit, and only then; each instance keeps one LISTEN connection and fans the message
 * out to its streams. A lost connection is re-opened with back-off (messages sent meanwhile are
 * missed: clients re-read the pod when a stream reconnects).
 */
export class LiveHub {
  private client: pg.Client | undefined;
  private readonly listeners = new Set<LiveListener>();
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      if (n.channel !== LIVE_CHANNEL || !n.payload) return;
      let message: AnyLiveMessage;
      try {
        message = JSON.parse(n.payload) as AnyLiveMessage;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(message);
    });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'live updates: LISTEN connection lost; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      this.client = client;
      this.retryMs = 250;
    } catch (err) {
      this.logger.warn({ err }, 'live updates: cannot LISTEN; retrying');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.timer) return;
    if (this.client === client) this.client = undefined;
    client.end().catch(() => undefined);
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
