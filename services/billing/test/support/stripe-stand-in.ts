import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{ id: string; current_period_start: number; current_period_end: number; price: { id: string } }>;
  };
}

/**
 * A small local HTTP stand-in for the parts of Stripe's API billing calls, so the real `stripe`
 * client's outgoing requests can be checked on a machine that reaches no Stripe server. Like Stripe,
 * a repeated Idempotency-Key answers the first result again.
 */
export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptions = new Map<string, StandInSubscription>();
  private readonly byKey = new Map<string, unknown>();
  private seq = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: req.method!,
      path,
      params: new URLSearchParams(raw),
      idempotencyKey: key,
      authorization: req.headers.authorization,
    });
    const params = new URLSearchParams(raw);
    const once = (make: () => unknown): [number, unknown] => {
      if (key && this.byKey.has(key)) return [200, this.byKey.get(key)];
      const made = make();
      if (key) this.byKey.set(key, made);
      return [200, made];
    };
    if (req.method === 'POST' && path === '/v1/customers') {
      return once(() => ({
        id: `cus_test_${++this.seq}`,
        object: 'customer',
        metadata: { userId: params.get('metadata[userId]') },
      }));
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      return once(() => {
        const id = `cs_test_${++this.seq}`;
        return {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          customer: params.get('customer'),
        };
      });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: `bps_test_${++this.seq}`,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${this.seq}`,
          customer: params.get('customer'),
        },
      ];
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    // Cancel now (not at period end): Stripe answers the subscription, canceled.
    if (req.method === 'DELETE' && sub) {
      const found = this.subscriptions.get(decodeURIComponent(sub[1]!));
      if (found) {
        const canceled = { ...found, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) };
        this.subscriptions.set(found.id, canceled);
        return [200, canceled];
      }
    }
    if ((req.method === 'GET' || req.method === 'DELETE') && sub) {
      const found = this.subscriptions.get(decodeURIComponent(sub[1]!));
      if (found) return [200, found];
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${sub[1]}'`,
          },
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
    ];
  }
}
