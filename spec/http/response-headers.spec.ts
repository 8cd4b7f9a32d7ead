import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { api } from '../support/http/api.js';
import type { Harness } from '../support/http/harness.js';
import { adminHarness } from '../support/http/users.js';

/** Headers and methods ASVS 5.0 asks about that no other spec pins down (3.4.5, 13.4.4). */
describe('HTTP response headers and methods (ASVS 3.4.5, 13.4.4)', () => {
  let h: Harness;
  before(async () => ({ h } = await adminHarness()));
  after(() => h.close());

  it('sends Referrer-Policy: no-referrer on every response, errors included', async () => {
    for (const res of [await api(h).get('/api/v1/livez'), await api(h).get('/api/v1/users/me'), await api(h).get('/api/v1/nope')]) {
      expect(res.headers['referrer-policy'], res.req.path).to.equal('no-referrer');
    }
  });

  it('does not support TRACE: 404 problem+json, and the request is never echoed', async () => {
    // api() knows no TRACE, so a plain node:http request against a listening app.
    const server = h.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<{ status?: number; type?: string; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'TRACE', path: '/api/v1/users/me', headers: { 'X-Probe': 'echo-me' } }, (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        answer.on('end', () => resolve({ status: answer.statusCode, type: answer.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((resolve) => server.close(resolve));
    expect(res.status).to.equal(404);
    expect(res.type).to.match(/^application\/problem\+json/);
    expect(res.body).not.to.include('echo-me');
  });
});
