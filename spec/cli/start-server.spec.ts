import { EventEmitter } from 'node:events';
import { request, type RequestListener } from 'node:http';
import { expect } from 'chai';
import { startServer, type SignalSource } from '../../src/server.js';

const silent = { info: () => undefined, warn: () => undefined } as never;

const get = (port: number, agent?: boolean): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/', agent: agent ? undefined : false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('startServer (graceful shutdown)', () => {
  const slowApp: RequestListener = (_req, res) => void setTimeout(() => res.end('done'), 300);

  it('finishes a request in flight after SIGTERM, refuses new ones, then runs onClose', async () => {
    const signals = new EventEmitter() as EventEmitter & SignalSource;
    let databaseClosed = false;
    const server = await startServer(slowApp, {
      host: '127.0.0.1',
      port: 0,
      logger: silent,
      signals,
      onClose: async () => void (databaseClosed = true),
    });
    const inFlight = get(server.address.port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await inFlight).to.deep.equal({ status: 200, body: 'done' });
    await server.closed;
    expect(databaseClosed).to.equal(true);
    await get(server.address.port).then(
      () => expect.fail('a new connection was accepted after shutdown'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
    );
  });

  it('cuts connections that outlive the force-close deadline', async () => {
    const hangingApp: RequestListener = () => undefined;
    const signals = new EventEmitter() as EventEmitter & SignalSource;
    const server = await startServer(hangingApp, { host: '127.0.0.1', port: 0, logger: silent, signals, forceCloseAfterMs: 100 });
    const hanging = get(server.address.port).catch((error: NodeJS.ErrnoException) => error.code);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.shutdown();
    expect(await hanging).to.equal('ECONNRESET');
  });

  it('stops listening for signals once it has shut down', async () => {
    const signals = new EventEmitter() as EventEmitter & SignalSource;
    const server = await startServer(slowApp, { host: '127.0.0.1', port: 0, logger: silent, signals });
    await server.shutdown();
    expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGINT')).to.equal(0);
  });
});
