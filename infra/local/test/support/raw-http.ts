import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (malformed requests included) and reads the answer until the
 * server closes the connection. Undefined when the server closed without answering.
 */
export function rawRequest(
  url: string,
  request: string | Buffer,
  opts: { localAddress?: string; timeoutMs?: number } = {},
): Promise<RawResponse | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: opts.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(opts.timeoutMs ?? 15_000, () => {
      socket.destroy();
      reject(
        new Error(
          `no answer within the time-out to ${url} ${String(request).slice(0, 200).replace(/\r\n/g, ' | ')} (${request.length} bytes)`,
        ),
      );
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the answer is fine; the answer decides
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
    socket.on('connect', () => {
      // The peer may close early (e.g. 413 before the whole body): stop writing then.
      socket.write(request, () => undefined);
    });
  });
}

function parse(raw: Buffer): RawResponse | undefined {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A well-formed request; `headers` may repeat names and hold anything. */
export function httpRequest(
  method: string,
  path: string,
  host: string,
  headers: [string, string][] = [],
  body?: string | Buffer,
): Buffer {
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Connection: close',
    ...headers.map(([k, v]) => `${k}: ${v}`),
  ];
  if (body !== undefined && !headers.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) {
    head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
}
