// A TCP proxy whose link can be cut and restored on the same port: simulates a broker outage in tests.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** `nats://127.0.0.1:<port>` */
  readonly url: string;
  /** Stop listening and destroy every open connection. */
  cut(): Promise<void>;
  /** Listen again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `nats://127.0.0.1:${port}`;
    },
    cut,
    restore: () => (server ? Promise.resolve() : listen()),
    close: cut,
  };
}

/** host/port of the first server in a NATS URL list. */
export function natsTarget(url: string): { host: string; port: number } {
  const first = new URL(url.split(',')[0]!.trim());
  return { host: first.hostname, port: Number(first.port || 4222) };
}
