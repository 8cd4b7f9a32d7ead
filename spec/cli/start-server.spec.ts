import { EventEmitter } from 'node:events';
import { createServer, request, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startServer, type SignalSource } from '../../src/web/server.js';

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

  it('runs the metrics listener on its own port and drains it with the public one', async () => {
    const signals = new EventEmitter() as EventEmitter & SignalSource;
    const metricsApp: RequestListener = (_req, res) => void res.end('metrics');
    const metrics = { listener: metricsApp, host: '127.0.0.1', port: 0 };
    const server = await startServer(slowApp, { host: '127.0.0.1', port: 0, logger: silent, signals, metrics });
    const metricsPort = server.metricsAddress!.port;
    expect(metricsPort).not.to.equal(server.address.port);
    expect(await get(metricsPort)).to.deep.equal({ status: 200, body: 'metrics' });
    const inFlight = get(server.address.port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await inFlight).to.deep.equal({ status: 200, body: 'done' });
    await server.closed;
    for (const port of [server.address.port, metricsPort]) {
      const refused = await get(port).then(() => 'answered', (error: NodeJS.ErrnoException) => error.code);
      expect(refused, `port ${port}`).to.equal('ECONNREFUSED');
    }
  });

  it('refuses to start when the metrics address is taken, and leaves the public port unopened', async () => {
    const listening = async (server = createServer()) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, port: (server.address() as AddressInfo).port };
    };
    const { server: squatter, port: taken } = await listening();
    const { server: probe, port: publicPort } = await listening();
    await new Promise((resolve) => probe.close(resolve)); // a port known to be free a moment ago
    try {
      const metrics = { listener: slowApp, host: '127.0.0.1', port: taken };
      const failure = await startServer(slowApp, { host: '127.0.0.1', port: publicPort, logger: silent, metrics }).then(
        () => 'started',
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(failure).to.equal('EADDRINUSE');
      expect(await get(publicPort).then(() => 'answered', (error: NodeJS.ErrnoException) => error.code)).to.equal('ECONNREFUSED');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('stops listening for signals once it has shut down', async () => {
    const signals = new EventEmitter() as EventEmitter & SignalSource;
    const server = await startServer(slowApp, { host: '127.0.0.1', port: 0, logger: silent, signals });
    await server.shutdown();
    expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGINT')).to.equal(0);
  });
});
