import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/*
 * A Web Push service on this machine, standing in for FCM / Mozilla / Apple's push services in
 * tests (issue 25; decision 0053). It plays both ends a real push goes through: the push service
 * (RFC 8030: takes the POST, checks the VAPID signature of RFC 8292, answers 201, or 410 for a
 * subscription marked gone) and the browser's decryption (RFC 8291, aes128gcm, with the private
 * key and auth secret only the "browser" holds). Written against the RFCs with node:crypto,
 * independently of the sender's library, so a test that reads a decrypted payload proves the
 * encryption is the standard one.
 */

/** A key pair and auth secret as a browser makes them for one subscription. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's id (the endpoint's last segment). */
  id: string;
  /** The decrypted payload, as text. */
  payload: string;
  /** The request's headers (TTL, Urgency, Content-Encoding, Authorization). */
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims, verified against the `k` key the sender presented. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface PushServiceStandIn {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The self-signed certificate the stand-in serves (trust it in the sender). */
  ca: string;
  /** A new subscription, as a browser would make it. */
  subscribe(): StandInSubscription;
  /** Makes the push service answer 410 Gone for this endpoint (a browser that unsubscribed). */
  gone(endpoint: string): void;
  /** Every push received so far, decrypted. */
  received: ReceivedPush[];
  /** Resolves with the next push for `endpoint` (or any) received from now or already waiting. */
  next(endpoint?: string, timeoutMs?: number): Promise<ReceivedPush>;
  /** Called with each push as it arrives (the e2e hands it to the browser's service worker). */
  onPush?: (push: ReceivedPush, subscription: { endpoint: string }) => void | Promise<void>;
  /** Adopts a subscription whose keys were made elsewhere (a browser), given its private key. */
  adopt(sub: { id: string; privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

interface Held {
  ecdh: { privateKey: Buffer; publicKey: Buffer };
  auth: Buffer;
  gone: boolean;
}

/** RFC 8291 §3.4 and RFC 8188: decrypts one aes128gcm body with the subscription's keys. */
export function decryptWebPush(body: Buffer, held: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  if (record.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(held.privateKey);
  const secret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, held.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT must verify with k. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { ...claims, publicKey: k };
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const subscriptions = new Map<string, Held>();
  const waiters: { endpoint?: string; resolve: (p: ReceivedPush) => void }[] = [];
  let origin = '';
  const standIn: PushServiceStandIn = {
    origin: '',
    ca: pems.cert,
    received: [],
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscriptions.set(id, {
        ecdh: { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey() },
        auth,
        gone: false,
      });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    adopt(sub) {
      subscriptions.set(sub.id, {
        ecdh: { privateKey: sub.privateKey, publicKey: sub.publicKey },
        auth: sub.auth,
        gone: false,
      });
      return `${origin}/push/${sub.id}`;
    },
    gone(endpoint) {
      const held = subscriptions.get(endpoint.split('/').pop()!);
      if (held) held.gone = true;
    },
    next(endpoint, timeoutMs = 10_000) {
      const id = endpoint?.split('/').pop();
      const already = standIn.received.find((r) => !id || r.id === id);
      if (already) {
        standIn.received.splice(standIn.received.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          endpoint: id,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const held = id ? subscriptions.get(id) : undefined;
        if (req.method !== 'POST' || !id || !held) return res.writeHead(404).end();
        if (held.gone) return res.writeHead(410).end();
        let push: ReceivedPush;
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!req.headers.ttl) throw new Error('no TTL');
          const vapid = checkVapid(req.headers.authorization, origin);
          const payload = decryptWebPush(Buffer.concat(chunks), { ...held.ecdh, auth: held.auth });
          push = { id, payload, headers: req.headers, vapid };
        } catch (err) {
          return res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
        }
        await standIn.onPush?.(push, { endpoint: `${origin}/push/${id}` });
        const waiter = waiters.findIndex((w) => !w.endpoint || w.endpoint === id);
        if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(push);
        else standIn.received.push(push);
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.origin = origin;
  return standIn;
}
