import net from 'node:net';

export type PgProxy = {
  /** The database URL `url` rewritten to go through the proxy. */
  url: string;
  /** A database outage: open connections are dropped and new ones refused, until restore(). */
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP proxy in front of the shared PostgreSQL server that a test can cut: an outage for the app
 * instances behind it only (stopping the server itself would take it away from everyone else).
 */
export const startPgProxy = async (databaseUrl: string): Promise<PgProxy> => {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    close: stop,
  };
};
