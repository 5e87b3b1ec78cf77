// Test-only: a loopback TCP proxy that can be cut (every connection dropped, new ones refused at
// once) and restored: an object store, or anything else, that becomes unreachable.
import net from 'node:net';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  endpoint: string;
  /** Drops every open connection and closes each new one at once. */
  cut(): void;
  /** Passes connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `upstream` (`http://host:port`) on a free port. */
export async function startTcpProxy(upstream: string): Promise<TcpProxy> {
  const target = new URL(upstream);
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const remote = net.connect({ host: target.hostname, port: Number(target.port) });
    for (const s of [client, remote]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(remote).pipe(client);
    client.on('close', () => remote.destroy());
    remote.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
