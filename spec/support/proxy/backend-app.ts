import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EXAMPLES } from './example-config.js';
import type { RunningProxy } from './proxy-process.js';

type WhoIs = (req: IncomingMessage, gatehouse: string) => Promise<{ id: string; email: string; mfa: boolean } | null>;

/**
 * An application backend that asks Gatehouse with docs/examples/forward-auth/who-is.mjs, the
 * very file the documentation shows: 200 with the user as JSON, or 401 when whoIs says nobody.
 */
export const startBackendApp = async ({ gatehouseUrl }: { gatehouseUrl: string }): Promise<RunningProxy> => {
  const { whoIs } = (await import(join(EXAMPLES, 'who-is.mjs'))) as { whoIs: WhoIs };
  const server = createServer((req, res) => {
    req.resume();
    whoIs(req, gatehouseUrl).then(
      (user) => res.writeHead(user ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify(user)),
      () => res.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: process.pid,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
