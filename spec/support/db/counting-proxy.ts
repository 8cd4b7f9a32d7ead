import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';

export interface CountingProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /** TCP connections accepted so far, cut or not: each one is a connection attempt by a client. */
  accepted(): number;
  /** Resets every open connection, and every new one as soon as it is accepted, until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the service and PostgreSQL, to take the database away at the network level
 * (as a failed host or a partition does) and to count how often the service tries to reconnect.
 */
export const startCountingProxy = async (upstream: { host: string; port: number }): Promise<CountingProxy> => {
  const open = new Set<Socket>();
  let accepted = 0;
  let cutting = false;
  const server = createServer((client) => {
    accepted += 1;
    if (cutting) return void client.resetAndDestroy();
    const database = connect(upstream);
    for (const [from, to] of [[client, database], [database, client]] as const) {
      open.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    accepted: () => accepted,
    cut: () => {
      cutting = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore: () => {
      cutting = false;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
