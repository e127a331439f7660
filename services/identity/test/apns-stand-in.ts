import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/*
 * APNs on this machine (issue 25): an HTTP/2 server over TLS that answers as Apple's provider API
 * does (POST /3/device/<token>, 200 with apns-id; 410 {"reason":"Unregistered"} for a token marked
 * gone) and checks what Apple checks first: the provider token (an ES256 JWT with the key id and
 * team id, verified with the .p8 key's public half) and the topic.
 */

export interface ApnsPush {
  token: string;
  headers: IncomingHttpHeaders;
  payload: { aps: { alert: { title: string; body: string } }; route: string; type: string; kind: string; id: string };
}

export interface ApnsStandIn {
  host: string;
  port: number;
  ca: string;
  pushes: ApnsPush[];
  unregister(token: string): void;
  close(): Promise<void>;
}

export async function startApnsStandIn(opts: {
  publicKey: KeyObject | string;
  keyId: string;
  teamId: string;
  topic: string;
}): Promise<ApnsStandIn> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const publicKey = typeof opts.publicKey === 'string' ? createPublicKey(opts.publicKey) : opts.publicKey;
  const gone = new Set<string>();
  const pushes: ApnsPush[] = [];
  const server: Http2SecureServer = createSecureServer({ key: pems.private, cert: pems.cert });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const answer = (status: number, reason?: string) => {
        stream.respond({ ':status': status, 'apns-id': '00000000-0000-4000-8000-000000000000' });
        stream.end(
          reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : undefined,
        );
      };
      const token = /^\/3\/device\/([0-9a-f]+)$/.exec(String(headers[':path']))?.[1];
      if (headers[':method'] !== 'POST' || !token) return answer(404, 'BadPath');
      const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
      if (!jwt) return answer(403, 'MissingProviderToken');
      const [h, p, s] = jwt.split('.') as [string, string, string];
      const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; kid: string };
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { iss: string; iat: number };
      const signed = verify(
        'sha256',
        Buffer.from(`${h}.${p}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(s, 'base64url'),
      );
      if (header.alg !== 'ES256' || header.kid !== opts.keyId || claims.iss !== opts.teamId || !signed) {
        return answer(403, 'InvalidProviderToken');
      }
      if (headers['apns-topic'] !== opts.topic) return answer(400, 'DeviceTokenNotForTopic');
      if (gone.has(token)) return answer(410, 'Unregistered');
      pushes.push({ token, headers, payload: JSON.parse(Buffer.concat(chunks).toString()) as ApnsPush['payload'] });
      answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    ca: pems.cert,
    pushes,
    unregister: (token) => gone.add(token),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
