import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import type { Clock } from '../../src/core/ports/clock.js';
import { DomainError } from '../../src/core/domain/errors.js';
import type { UseCases } from '../../src/core/use-cases/use-cases.js';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/metrics/prometheus-metrics.js';
import type { RunningServer } from '../../src/web/server.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { ORIGIN, memoryLog, startHarness, testConfig, type DatabaseHarness } from '../support/http/harness.js';
import { listenOnLoopback, openSocket, untilClosed } from '../support/http/raw-socket.js';
import { stubUseCases } from '../support/http/stub-use-cases.js';
import { cookieHeader, createToken, login, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { requestCounts } from '../support/metrics/metric-values.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const ME = '/api/v1/users/me';
const VERIFY = '/api/v1/auth/verify';
const DAY = 24 * 60 * 60_000;
const LANES = ['lean', 'chain'] as const;
type Lane = (typeof LANES)[number];

/** One app per lane over the same use cases: the lean lane on, and off (every request through the general chain). */
interface LaneServer {
  server: RunningServer;
  logs: string[];
  metrics: PrometheusMetrics;
}

const startLane = async (lane: Lane, useCases: UseCases, config: Config, clock?: Clock): Promise<LaneServer> => {
  const log = memoryLog();
  const metrics = createPrometheusMetrics();
  const app = createApp({ useCases, config, logger: createLogger('info', log.stream), metrics, clock, leanLane: lane === 'lean' });
  return { server: await listenOnLoopback(app), logs: log.lines, metrics };
};

interface Answer {
  /** Status line, headers in their order and spelling, body: the bytes as sent, Date and the request id masked. */
  bytes: string;
  /** The log lines the request wrote, without the fields that differ by nature (time, duration, request id, a stack's frames). */
  lines: Record<string, unknown>[];
}

const MASKED = { date: /^Date: .*$/im, requestIdHeader: /^X-Request-Id: (.*)$/im, etag: /^ETag: .*$/im };

const withoutVarying = (line: Record<string, unknown>): Record<string, unknown> => {
  const { time: _time, duration_ms: _duration, request_id: _id, err, ...rest } = line;
  if (err === undefined) return rest;
  const { stack: _stack, ...error } = err as Record<string, unknown>;
  return { ...rest, err: error };
};

/** Sends `head` (request line and headers, without the blank line) on a connection of its own and reads the answer to its close. */
const send = async ({ server, logs }: LaneServer, head: string): Promise<Answer> => {
  const before = logs.length;
  const text = await untilClosed(await openSocket(server.address.port), `${head}\r\nConnection: close\r\n\r\n`);
  const id = MASKED.requestIdHeader.exec(text)?.[1] ?? '';
  expect(id, 'every answer carries a request id').to.match(/^[0-9a-f-]{36}$/);
  // A 500 names its request id in the body, so its ETag (of that body) differs as the id does.
  const namesId = text.slice(text.indexOf('\r\n\r\n')).includes(id);
  const masked = namesId ? text.replace(MASKED.etag, 'ETag: <etag of a body naming the id>') : text;
  const bytes = masked.replace(MASKED.date, 'Date: <date>').replaceAll(id, '<request id>');
  const lines = logs.slice(before).map((line) => withoutVarying(JSON.parse(line) as Record<string, unknown>));
  expect(lines.filter((line) => line.msg === 'request'), 'one access-log line').to.have.length(1);
  return { bytes, lines };
};

interface Case {
  what: string;
  method: string;
  target: string;
  /** Header lines; a function for a credential each lane needs a copy of (a request that spends it). */
  headers: Record<string, string> | ((lane: Lane) => Record<string, string>);
  status: number;
}

const headOf = (method: string, target: string, headers: Record<string, string>): string =>
  [`${method} ${target} HTTP/1.1`, 'Host: localhost', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');

/** The same request to both lanes, lean first then chain, and the answers compared whole. */
const expectSameAnswers = async (lanes: Record<Lane, LaneServer>, { method, target, headers, status }: Case): Promise<void> => {
  const answers = {} as Record<Lane, Answer>;
  for (const lane of LANES) {
    answers[lane] = await send(lanes[lane], headOf(method, target, typeof headers === 'function' ? headers(lane) : headers));
  }
  expect(answers.lean.bytes).to.match(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(answers.lean.bytes).to.equal(answers.chain.bytes);
  expect(answers.lean.lines).to.deep.equal(answers.chain.lines);
};

describe(`HTTP: the lean lane answers the hot reads as the general chain does, byte for byte (${ENGINE_LABEL})`, () => {
  const clock = new FixedClock(new Date());
  let h: DatabaseHarness;
  let lanes: Record<Lane, LaneServer>;
  let member: SignedIn;
  let token: string;
  let etag: string;
  const expired = {} as Record<Lane, SignedIn>;
  const revoked = {} as Record<Lane, SignedIn>;

  before(async () => {
    // Behind one trusted proxy: the forwarded address and the share of requests in flight apply.
    h = await startHarness({ SERVICE_TRUST_PROXY: '1' }, { clock });
    const admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
    for (const lane of LANES) expired[lane] = await login(h, member.email);
    clock.advance(8 * DAY); // idle for more than 7 days: those sessions are over
    member = { ...member, token: (await login(h, member.email)).token };
    token = await createToken(h, member);
    for (const lane of LANES) {
      revoked[lane] = await login(h, member.email);
      const out = await api(h).post('/api/v1/auth/logout').set({ Origin: ORIGIN, Cookie: cookieHeader(revoked[lane].token) });
      expect(out.status).to.equal(204);
    }
    etag = String((await api(h).get(ME).set('Cookie', cookieHeader(member.token))).headers.etag);
    // Forward-auth rules: one whose group the member is in, one it is not.
    const asAdmin = { Origin: ORIGIN, Cookie: cookieHeader((await login(h, admin.email)).token) }; // the first session idled out
    const [team, others] = await Promise.all(['lane-team', 'lane-others'].map(async (name) => (await api(h).post('/api/v1/admin/groups').set(asAdmin).send({ name })).body.id as string));
    expect((await api(h).put(`/api/v1/admin/groups/${team}/members/${member.userId}`).set(asAdmin)).status).to.equal(204);
    for (const [host, group] of [['open.example.com', team], ['closed.example.com', others]] as const) {
      expect((await api(h).post('/api/v1/admin/forward-auth/rules').set(asAdmin).send({ host, path_prefix: '/app', allowed_groups: [group] })).status).to.equal(201);
    }
    lanes = { lean: await startLane('lean', h.useCases, h.config, clock), chain: await startLane('chain', h.useCases, h.config, clock) };
  });
  after(async () => {
    if (lanes) await Promise.all(LANES.map((lane) => lanes[lane].server.shutdown()));
    await h.close();
  });

  const cookie = (): Record<string, string> => ({ Cookie: cookieHeader(member.token) });
  const cases = (): Case[] => [
    { what: 'a valid cookie, from behind the proxy', method: 'GET', target: ME, headers: { ...cookie(), 'X-Forwarded-For': '203.0.113.7', 'User-Agent': 'spec' }, status: 200 },
    { what: 'an expired session', method: 'GET', target: ME, headers: (lane) => ({ Cookie: cookieHeader(expired[lane].token) }), status: 401 },
    { what: 'a revoked session', method: 'GET', target: ME, headers: (lane) => ({ Cookie: cookieHeader(revoked[lane].token) }), status: 401 },
    { what: 'a malformed cookie', method: 'GET', target: ME, headers: { Cookie: 'gh_session=%zz; other="x' }, status: 401 },
    { what: 'a cookie read as JSON by cookie-parser', method: 'GET', target: ME, headers: { Cookie: 'gh_session=j:{"a":1}' }, status: 401 },
    { what: 'a bearer token', method: 'GET', target: ME, headers: { Authorization: `Bearer ${token}` }, status: 200 },
    { what: 'an unknown bearer token', method: 'GET', target: ME, headers: { Authorization: 'Bearer gh_pat_unknown' }, status: 401 },
    { what: 'a Basic authorization', method: 'GET', target: ME, headers: { Authorization: 'Basic dXNlcjpwYXNz' }, status: 401 },
    { what: 'no credential', method: 'GET', target: ME, headers: {}, status: 401 },
    { what: 'HEAD with a cookie', method: 'HEAD', target: ME, headers: cookie(), status: 200 },
    { what: 'If-None-Match with the current ETag', method: 'GET', target: ME, headers: { ...cookie(), 'If-None-Match': etag }, status: 304 },
    { what: 'If-None-Match with another ETag', method: 'GET', target: ME, headers: { ...cookie(), 'If-None-Match': 'W/"0-0"' }, status: 200 },
    { what: 'an unknown query', method: 'GET', target: `${ME}?fields=all&__proto__=1`, headers: cookie(), status: 200 },
    { what: 'a trailing slash (left to the chain)', method: 'GET', target: `${ME}/`, headers: cookie(), status: 200 },
    { what: 'capitals (left to the chain)', method: 'GET', target: '/API/V1/Users/ME', headers: cookie(), status: 200 },
    { what: 'an absolute-form target', method: 'GET', target: `http://localhost${ME}`, headers: cookie(), status: 200 },
    { what: 'a wrong method, POST', method: 'POST', target: ME, headers: { ...cookie(), Origin: ORIGIN, 'Content-Length': '0' }, status: 404 },
    { what: 'a wrong method, OPTIONS', method: 'OPTIONS', target: ME, headers: { ...cookie(), Origin: 'https://elsewhere.example' }, status: 404 },
    { what: 'a wrong method, DELETE without credential', method: 'DELETE', target: ME, headers: {}, status: 401 },
    // 101 lines with Host, Cookie and send's Connection: one over the limit, so the app refuses it. From
    // 102 lines on, Node 22's parser refuses the request itself, below both lanes (spec/http/below-express.spec.ts).
    { what: 'too many header lines', method: 'GET', target: ME, headers: { ...cookie(), ...Object.fromEntries(Array.from({ length: 98 }, (_, i) => [`X-Extra-${i}`, 'x'])) }, status: 431 },
    { what: 'verify: a valid cookie', method: 'GET', target: VERIFY, headers: cookie(), status: 204 },
    { what: 'verify: an expired session', method: 'GET', target: VERIFY, headers: (lane) => ({ Cookie: cookieHeader(expired[lane].token) }), status: 401 },
    { what: 'verify: a revoked session', method: 'GET', target: VERIFY, headers: (lane) => ({ Cookie: cookieHeader(revoked[lane].token) }), status: 401 },
    { what: 'verify: a malformed cookie', method: 'GET', target: VERIFY, headers: { Cookie: 'gh_session=' }, status: 401 },
    { what: 'verify: a bearer token', method: 'GET', target: VERIFY, headers: { Authorization: `Bearer ${token}` }, status: 204 },
    { what: 'verify: no credential', method: 'GET', target: VERIFY, headers: {}, status: 401 },
    { what: 'verify: HEAD', method: 'HEAD', target: VERIFY, headers: cookie(), status: 204 },
    { what: 'verify: If-None-Match', method: 'GET', target: VERIFY, headers: { ...cookie(), 'If-None-Match': '*' }, status: 204 },
    { what: 'verify: an unknown query', method: 'GET', target: `${VERIFY}?rd=https://app.example/`, headers: cookie(), status: 204 },
    { what: 'verify: a forwarded POST from a foreign page', method: 'GET', target: VERIFY, headers: { ...cookie(), 'X-Forwarded-Method': 'post', Origin: 'https://evil.example' }, status: 403 },
    { what: 'verify: a forwarded POST from our pages', method: 'GET', target: VERIFY, headers: { ...cookie(), 'X-Forwarded-Method': 'POST', Origin: ORIGIN }, status: 204 },
    { what: 'verify: a rule whose group the member is in', method: 'GET', target: VERIFY, headers: { ...cookie(), 'X-Forwarded-Host': 'open.example.com', 'X-Forwarded-Uri': '/app/x' }, status: 204 },
    { what: 'verify: a rule that refuses the member', method: 'GET', target: VERIFY, headers: { ...cookie(), 'X-Forwarded-Host': 'closed.example.com', 'X-Forwarded-Uri': '/app' }, status: 403 },
    { what: 'verify: a path no rule of the host covers', method: 'GET', target: VERIFY, headers: { ...cookie(), 'X-Forwarded-Host': 'closed.example.com', 'X-Forwarded-Uri': '/apple' }, status: 204 },
    { what: 'verify: a wrong method, POST', method: 'POST', target: VERIFY, headers: { ...cookie(), Origin: ORIGIN, 'Content-Length': '0' }, status: 404 },
  ];

  it('answers every case with the same status, headers, body and log lines as the general chain', async () => {
    for (const request of cases()) {
      await expectSameAnswers(lanes, request).catch((error: Error) => {
        error.message = `${request.what}: ${error.message}`;
        throw error;
      });
    }
  });

  it('counts the requests under the same labels in both lanes’ metrics', async () => {
    const [lean, chain] = await Promise.all([requestCounts(lanes.lean.metrics.registry), requestCounts(lanes.chain.metrics.registry)]);
    expect(lean.length).to.be.above(5);
    expect(lean).to.deep.equal(chain);
  });
});

describe('HTTP: the lean lane and the general chain map failures alike', () => {
  const failing = async (useCases: Partial<UseCases>, run: (lanes: Record<Lane, LaneServer>) => Promise<void>): Promise<void> => {
    const stub = stubUseCases(useCases);
    const lanes = { lean: await startLane('lean', stub, testConfig()), chain: await startLane('chain', stub, testConfig()) };
    try {
      await run(lanes);
    } finally {
      await Promise.all(LANES.map((lane) => lanes[lane].server.shutdown()));
    }
  };
  const unavailable = async (): Promise<never> => {
    throw new DomainError('unavailable', { retryAfterSeconds: 2 });
  };

  it('the database down: the same 503 problem with Retry-After, for a cookie and for a token', async () => {
    await failing({ authenticateSession: unavailable, authenticateApiToken: unavailable }, async (lanes) => {
      for (const target of [ME, VERIFY]) {
        await expectSameAnswers(lanes, { what: 'cookie', method: 'GET', target, headers: { Cookie: 'gh_session=abc' }, status: 503 });
        await expectSameAnswers(lanes, { what: 'token', method: 'GET', target, headers: { Authorization: 'Bearer gh_pat_x' }, status: 503 });
      }
    });
  });

  it('an unexpected error: the same 500 problem naming the request id, and the same error line', async () => {
    const boom = async (): Promise<never> => {
      throw new Error('SELECT boom');
    };
    await failing({ authenticateSession: boom }, async (lanes) => {
      for (const target of [ME, VERIFY]) {
        await expectSameAnswers(lanes, { what: 'boom', method: 'GET', target, headers: { Cookie: 'gh_session=abc' }, status: 500 });
      }
    });
  });
});
