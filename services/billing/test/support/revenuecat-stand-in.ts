import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SubscriberRequest {
  path: string;
  authorization: string | undefined;
}

/**
 * A local stand-in for RevenueCat's REST API v1: GET /v1/subscribers/{app_user_id} answers the
 * documented Customer Info shape from what the test sets per user (or a status code to fail with).
 */
export class RevenueCatStandIn {
  readonly requests: SubscriberRequest[] = [];
  private readonly answers = new Map<string, { status: number; body?: unknown }>();
  private server: Server | undefined;
  url = '';

  constructor(private readonly secretKey: string) {}

  /** The user's App Store subscription to `productId` as RevenueCat holds it now. */
  subscription(
    userId: string,
    productId: string,
    fields: { expiresAt: Date; graceUntil?: Date | null; cancelled?: boolean; sandbox?: boolean },
    requestDate = new Date(),
  ): void {
    this.answers.set(userId, {
      status: 200,
      body: {
        request_date: requestDate.toISOString(),
        request_date_ms: requestDate.getTime(),
        subscriber: {
          entitlements: {
            pro: {
              expires_date: fields.expiresAt.toISOString(),
              grace_period_expires_date: fields.graceUntil?.toISOString() ?? null,
              product_identifier: productId,
              purchase_date: new Date(fields.expiresAt.getTime() - 30 * 86_400_000).toISOString(),
            },
          },
          first_seen: '2026-01-01T00:00:00Z',
          management_url: 'https://apps.apple.com/account/subscriptions',
          non_subscriptions: {},
          original_app_user_id: userId,
          original_application_version: '1.0',
          original_purchase_date: '2026-01-01T00:00:00Z',
          other_purchases: {},
          subscriptions: {
            [productId]: {
              auto_resume_date: null,
              billing_issues_detected_at: null,
              expires_date: fields.expiresAt.toISOString(),
              grace_period_expires_date: fields.graceUntil?.toISOString() ?? null,
              is_sandbox: fields.sandbox ?? false,
              original_purchase_date: '2026-01-01T00:00:00Z',
              ownership_type: 'PURCHASED',
              period_type: 'normal',
              purchase_date: new Date(fields.expiresAt.getTime() - 30 * 86_400_000).toISOString(),
              refunded_at: null,
              store: 'app_store',
              store_transaction_id: `tx-${userId}`,
              unsubscribe_detected_at: fields.cancelled ? requestDate.toISOString() : null,
            },
          },
        },
      },
    });
  }

  fail(userId: string, status: number): void {
    this.answers.set(userId, { status, body: { code: 7225, message: 'Internal error' } });
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
      const match = /^\/v1\/subscribers\/([^/?]+)$/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${this.secretKey}`)
        return send(401, { code: 7000, message: 'Invalid API key' });
      if (req.method !== 'GET' || !match) return send(404, { code: 7259, message: 'Not found' });
      const answer = this.answers.get(decodeURIComponent(match[1]!));
      if (!answer) return send(404, { code: 7259, message: 'Subscriber not found' });
      send(answer.status, answer.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
