import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { adminHarness } from '../support/http/users.js';

interface RawAnswer {
  status?: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Headers and methods ASVS 5.0 asks about that no other spec pins down (3.4.2, 3.4.5, 13.4.4). */
describe('HTTP response headers and methods (ASVS 3.4.2, 3.4.5, 13.4.4)', () => {
  let h: Harness;
  before(async () => ({ h } = await adminHarness()));
  after(() => h.close());

  /** api() knows only the five methods of the routes, so TRACE and OPTIONS go by plain node:http. */
  const raw = async (method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> => {
    const server = h.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<RawAnswer>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it('sends Referrer-Policy: no-referrer on every response, errors included', async () => {
    for (const path of ['/api/v1/livez', '/api/v1/users/me', '/api/v1/nope']) {
      expect((await api(h).get(path)).headers['referrer-policy'], path).to.equal('no-referrer');
    }
  });

  it('does not support TRACE: 404 problem+json, and the request is never echoed', async () => {
    const res = await raw('TRACE', '/api/v1/users/me', { 'X-Probe': 'echo-me' });
    expect(res.status).to.equal(404);
    expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(res.body).not.to.include('echo-me');
  });

  it('never answers with an Access-Control-* header, whatever the Origin', async () => {
    for (const [method, origin] of [['OPTIONS', 'https://evil.example'], ['OPTIONS', ORIGIN], ['GET', 'https://evil.example']] as const) {
      const res = await raw(method, '/api/v1/users/me', { Origin: origin, 'Access-Control-Request-Method': 'DELETE' });
      expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-')), `${method} ${origin}`).to.deep.equal([]);
    }
  });
});
