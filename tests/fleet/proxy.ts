import net from 'node:net';

/**
 * A TCP proxy on loopback in front of PostgreSQL or Redis, to take it away from an instance and give it back
 * without touching the real server (which other tests use): `cut()` drops every connection and refuses new
 * ones, as a restart does; `restore()` listens again on the same port.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        open.add(client);
        open.add(upstream);
        for (const socket of [client, upstream]) {
          socket.on('error', end);
          socket.on('close', end);
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

  const cut = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      for (const socket of open) socket.destroy();
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
