import { expect } from 'chai';
import { createLogger } from '../../src/runtime/logger.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { memoryLog, ORIGIN, type Harness } from '../support/http/harness.js';
import { adminHarness, createToken, type SignedIn } from '../support/http/users.js';

type Line = Record<string, unknown>;

/** ASVS V16: what the log lines say about who asked, from where, and what was refused. */
describe('security log lines (V16)', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  /** The JSON lines a request wrote, found by the X-Request-Id it answered with. */
  const linesOf = (requestId: unknown): Line[] =>
    h.logs.map((line) => JSON.parse(line) as Line).filter((line) => line.request_id === requestId);
  const requestLine = (requestId: unknown): Line | undefined => linesOf(requestId).find((line) => line.msg === 'request');
  const eventLine = (requestId: unknown, event: string): Line | undefined =>
    linesOf(requestId).find((line) => line.security_event === event);

  it('writes the user id and the client address on the request line of an authenticated request', async () => {
    const res = await api(h).get('/api/v1/users/me').set(asCookie(admin));
    expect(requestLine(res.headers['x-request-id'])).to.include({ user_id: admin.userId, client_address: '127.0.0.1', status: 200 });
  });

  it('writes user_id null on the request line of an anonymous request', async () => {
    const res = await api(h).get('/api/v1/readyz');
    expect(requestLine(res.headers['x-request-id'])).to.include({ user_id: null, client_address: '127.0.0.1' });
  });

  it('logs a 401 as authentication_refused, with the code and the address, never the password', async () => {
    const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: admin.email, password: 'a wrong horse battery staple' });
    expect(res.status).to.equal(401);
    const line = eventLine(res.headers['x-request-id'], 'authentication_refused');
    expect(line).to.include({ problem: 'invalid_credentials', client_address: '127.0.0.1', level: 40 });
    expect(JSON.stringify(linesOf(res.headers['x-request-id']))).not.to.include('wrong horse');
    const anonymous = await api(h).get('/api/v1/users/me');
    expect(eventLine(anonymous.headers['x-request-id'], 'authentication_refused')).to.include({ problem: 'not_authenticated', user_id: null });
  });

  it('logs a 403 forbidden as access_refused with the user that asked', async () => {
    const token = await createToken(h, admin);
    const res = await api(h).post('/api/v1/tokens').set(asBearer(token)).send({ name: 'self-minted' });
    expect(res.status).to.equal(403);
    expect(eventLine(res.headers['x-request-id'], 'access_refused')).to.include({ problem: 'forbidden', user_id: admin.userId });
  });

  it('names the API token an invite was issued with on the invite_created line, by id', async () => {
    const token = await api(h).post('/api/v1/tokens').set(asCookie(admin)).send({ name: 'automation' });
    const res = await api(h).post('/api/v1/invites').set(asBearer(token.body.token)).send({});
    expect(res.status).to.equal(201);
    expect(eventLine(res.headers['x-request-id'], 'invite_created')).to.include({ target_id: res.body.id, via_credential_id: token.body.id });
  });

  it('logs a 403 csrf_rejected as access_refused', async () => {
    const res = await api(h).post('/api/v1/auth/logout').set(asCookie(admin, 'https://evil.example'));
    expect(res.status).to.equal(403);
    expect(eventLine(res.headers['x-request-id'], 'access_refused')).to.include({ problem: 'csrf_rejected' });
  });

  it('logs refused input on an authentication route by field name, never its value', async () => {
    const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: 'someone-Xq7@example.com' });
    expect(res.status).to.equal(422);
    const line = eventLine(res.headers['x-request-id'], 'validation_refused');
    expect(line).to.deep.include({ problem: 'validation_failed', fields: ['body.password'] });
    expect(JSON.stringify(linesOf(res.headers['x-request-id']))).not.to.include('Xq7');
  });

  it('writes no validation_refused line for refused input elsewhere', async () => {
    const res = await api(h).patch('/api/v1/users/me').set(asCookie(admin)).send({ display_name: '' });
    expect(res.status).to.equal(422);
    expect(eventLine(res.headers['x-request-id'], 'validation_refused')).to.equal(undefined);
  });

  it('stamps every line with a UTC time (16.2.2)', () => {
    for (const line of h.logs.map((text) => JSON.parse(text) as Line)) expect(line.time).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('encodes values so that none can forge a line of its own (16.4.1)', () => {
    const log = memoryLog();
    createLogger('info', log.stream).warn({ received_origin: 'x\n{"level":30,"msg":"forged"}\r' }, 'refused');
    expect(log.lines).to.have.length(1);
    expect((JSON.parse(log.lines[0]!) as Line).received_origin).to.equal('x\n{"level":30,"msg":"forged"}\r');
  });
});
