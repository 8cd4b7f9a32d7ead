import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { composeService } from '../../src/compose.js';
import { createApp } from '../../src/create-app.js';
import type { ClientAccessRequest, ReadClientAccessRequest } from '../../src/core/use-cases/access/decide-client-access.js';
import type { UseCases } from '../../src/core/use-cases/use-cases.js';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/metrics/prometheus-metrics.js';
import { createOidcMount } from '../../src/oidc/create-oidc-mount.js';
import { createLogger } from '../../src/runtime/logger.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { authorize, signIn, type CookieJar, type OidcTarget } from '../support/oidc/headless-flow.js';
import { createMember, startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';
import { PASSWORD } from '../support/constants.js';

const ME = '/gatehouse/oidc/me';
const SPA_ORIGIN = 'https://spa.example';
const FOREIGN_ORIGIN = 'https://evil.example';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One app over the suite's service, listening on loopback; `decisions` logs how its access policy was asked. */
interface Face {
  port: number;
  decisions: ('tentative' | 'final')[];
  metrics: PrometheusMetrics;
  close(): Promise<void>;
}

const send = (port: number, path: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });

/** What the two ways may differ in: the date and the request's own id. */
const comparable = ({ status, headers, body }: Answer) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return { status, headers: rest, body };
};

describe(`the lean userinfo answers as oidc-provider's own userinfo (${ENGINE_LABEL})`, function () {
  this.timeout(120_000);
  let server: OidcServer;
  let lane: Face;
  let chain: Face;

  const face = async (leanLane: boolean): Promise<Face> => {
    const decisions: Face['decisions'] = [];
    const { useCases } = server.service;
    const observed: UseCases = {
      ...useCases,
      decideClientAccess: (asked: ClientAccessRequest) => {
        decisions.push(asked.tentative === true ? 'tentative' : 'final');
        return useCases.decideClientAccess(asked);
      },
      decideReadClientAccess: (asked: ReadClientAccessRequest) => {
        decisions.push(asked.tentative === true ? 'tentative' : 'final');
        return useCases.decideReadClientAccess(asked);
      },
    };
    const logger = createLogger('silent');
    const oidc = createOidcMount({ useCases: observed, ports: server.service.ports, config: server.config, logger });
    const metrics = createPrometheusMetrics();
    const http: Server = createServer(createApp({ useCases, config: server.config, logger, oidc, leanLane, metrics }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return {
      port: (http.address() as AddressInfo).port,
      decisions,
      metrics,
      close: async () => {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      },
    };
  };

  const eventsOf = async (userId: string): Promise<number> => {
    const [row] = await server.service.db('security_events').where({ user_id: userId }).count({ n: '*' });
    return Number((row as { n: number | string }).n);
  };

  /** The request to both apps: the same answer, the same trail; and whether the lane answered it itself. */
  const bothWays = async (what: string, path: string, options: Parameters<typeof send>[2], userId: string | null) => {
    const answers: Answer[] = [];
    const events: number[] = [];
    lane.decisions.length = 0;
    for (const app of [lane, chain]) {
      const before = userId ? await eventsOf(userId) : 0;
      answers.push(await send(app.port, path, options));
      events.push(userId ? (await eventsOf(userId)) - before : 0);
    }
    expect(comparable(answers[0]!), what).to.deep.equal(comparable(answers[1]!));
    expect(events[0], `${what}: events written`).to.equal(events[1]);
    return { answer: answers[0]!, laneAnswered: lane.decisions.join() === 'tentative' };
  };

  const targetOf = (clientId: string, clientSecret: string): OidcTarget => ({ base: server.origin, publicOrigin: server.origin, clientId, clientSecret, redirectUri: REDIRECT_URI });

  /** An access token of `email` for the client, by the code flow (PKCE), `auth` as the client authenticates. */
  const accessTokenFor = async (target: OidcTarget, jar: CookieJar, scope: string, confidential = true): Promise<string> => {
    const verifier = randomBytes(32).toString('base64url');
    const back = await authorize(target, jar, { scope, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' });
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', redirect_uri: REDIRECT_URI, code_verifier: verifier, ...(confidential ? {} : { client_id: target.clientId }) });
    const basic = `Basic ${Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64')}`;
    const answer = await send(lane.port, '/gatehouse/oidc/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(confidential ? { Authorization: basic } : {}) }, body: body.toString() });
    expect(answer.status, answer.body).to.equal(200);
    return (JSON.parse(answer.body) as { access_token: string }).access_token;
  };

  const bearer = (token: string, extra: Record<string, string> = {}) => ({ headers: { Authorization: `Bearer ${token}`, ...extra } });

  /** The stored payload of an access token, rewritten (a token past its exp, another audience, no openid). */
  const rewrite = async (token: string, change: Record<string, unknown>): Promise<void> => {
    const { oidcPayloads } = server.service.ports;
    const payload = await oidcPayloads.find('AccessToken', token);
    await oidcPayloads.upsert('AccessToken', token, { ...payload, ...change }, new Date(Date.now() + 600_000));
  };

  let ida = '';
  let leo = '';
  let wiki = { id: '', secret: '' };
  let spa = '';
  let opsId = '';
  let idaJar: CookieJar;
  let leoJar: CookieJar;

  before(async () => {
    server = await startOidcServer();
    [lane, chain] = [await face(true), await face(false)];
    const { useCases } = server.service;
    ida = await createMember(server, 'ida@example.com', 'Ida');
    leo = await createMember(server, 'leo@example.com', 'Leo');
    await useCases.updateUser('operator', { email: 'ida@example.com' }, { username: 'ida' });
    opsId = (await useCases.createGroup('operator', { name: 'ops' })).id;
    await useCases.addGroupMember('operator', { name: 'ops' }, { email: 'ida@example.com' });
    await useCases.addGroupMember('operator', { name: 'ops' }, { email: 'leo@example.com' });
    const made = await useCases.createOidcClientAsOperator({ name: 'Wiki', type: 'confidential', redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [], skip_consent: true, require_pkce: true });
    wiki = { id: made.client.clientId, secret: String(made.secret) };
    const web = await useCases.createOidcClientAsOperator({ name: 'SPA', type: 'public', application_type: 'web', allowed_origins: [SPA_ORIGIN], redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [], skip_consent: true, require_pkce: true });
    spa = web.client.clientId;
    [idaJar, leoJar] = [await signIn(targetOf(wiki.id, wiki.secret), 'ida@example.com', PASSWORD), await signIn(targetOf(wiki.id, wiki.secret), 'leo@example.com', PASSWORD)];
  });
  after(async () => {
    await lane?.close();
    await chain?.close();
    await server?.close();
  });

  it('answers a valid token itself, with the same claims and headers: no Origin, an allowed one, a foreign one', async () => {
    const token = await accessTokenFor(targetOf(wiki.id, wiki.secret), idaJar, 'openid email profile groups');
    const plain = await bothWays('valid token', ME, bearer(token), ida);
    expect(plain.laneAnswered, 'the lane answered').to.equal(true);
    expect(plain.answer.status).to.equal(200);
    expect(JSON.parse(plain.answer.body)).to.include({ sub: ida, email: 'ida@example.com', name: 'Ida', preferred_username: 'ida' });
    expect(JSON.parse(plain.answer.body).groups).to.deep.equal(['ops']);
    const narrow = await bothWays('valid token, openid alone', ME, bearer(await accessTokenFor(targetOf(wiki.id, wiki.secret), idaJar, 'openid')), ida);
    expect(narrow.laneAnswered && JSON.parse(narrow.answer.body)).to.deep.equal({ sub: ida });
    const spaToken = await accessTokenFor(targetOf(spa, ''), idaJar, 'openid email', false);
    const allowed = await bothWays('allowed origin', ME, bearer(spaToken, { Origin: SPA_ORIGIN }), ida);
    expect(allowed.laneAnswered).to.equal(true);
    expect(allowed.answer.headers['access-control-allow-origin']).to.equal(SPA_ORIGIN);
    const foreign = await bothWays('foreign origin', ME, bearer(spaToken, { Origin: FOREIGN_ORIGIN }), ida);
    expect(foreign.laneAnswered).to.equal(true);
    expect(foreign.answer.headers['access-control-allow-origin']).to.equal(undefined);
    const wikiForeign = await bothWays('confidential client, any origin', ME, bearer(token, { Origin: SPA_ORIGIN }), ida);
    expect(wikiForeign.answer.headers['access-control-allow-origin']).to.equal(undefined);
    const labelled = /http_server_request_duration_seconds_count\{method="GET",route="([^"]*)",status_code="200"\} (\d+)/g;
    const routesOf = async (face: Face) => [...(await face.metrics.registry.metrics()).matchAll(labelled)].map((match) => `${match[1]} ${match[2]}`);
    expect(await routesOf(lane), 'the metrics (and the access log) name the endpoint alike').to.deep.equal(['/gatehouse/oidc/me 5']);
    expect(await routesOf(chain)).to.deep.equal(['/gatehouse/oidc/me 5']);
  });

  it('leaves every other shape to the provider, which answers it the same way', async () => {
    const token = await accessTokenFor(targetOf(wiki.id, wiki.secret), idaJar, 'openid email');
    const cases: [string, string, Parameters<typeof send>[2]][] = [
      ['no credential', ME, {}],
      ['unknown token', ME, bearer('x'.repeat(43))],
      ['Basic authorization', ME, { headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }],
      ['three parts', ME, { headers: { Authorization: `Bearer ${token} x` } }],
      ['DPoP header', ME, bearer(token, { DPoP: 'x.y.z' })],
      ['query token', `${ME}?access_token=${token}`, {}],
      ['scope in the query', `${ME}?scope=openid`, bearer(token)],
      ['trailing slash', `${ME}/`, bearer(token)],
      ['capitals in the path', '/gatehouse/OIDC/me', bearer(token)],
      ['POST with a form', ME, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'scope=openid' }],
      ['HEAD', ME, { method: 'HEAD', ...bearer(token) }],
      ['preflight, allowed origin', ME, { method: 'OPTIONS', headers: { Origin: SPA_ORIGIN, 'Access-Control-Request-Method': 'GET' } }],
      ['preflight, foreign origin', ME, { method: 'OPTIONS', headers: { Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'GET' } }],
    ];
    for (const [what, path, options] of cases) {
      const { laneAnswered } = await bothWays(what, path, options, ida);
      expect(laneAnswered, `${what}: left to the provider`).to.equal(false);
    }
    const lowerCase = await bothWays('lower-case scheme', ME, { headers: { Authorization: `bearer ${token}` } }, ida);
    expect([lowerCase.answer.status, lowerCase.laneAnswered], 'oidc-provider takes any case of Bearer, and so does the lane').to.deep.equal([200, true]);
  });

  it('refuses as the provider does: expired, session ended, revoked, another audience, no openid, disabled user, removed from the group, client deleted', async () => {
    const { useCases } = server.service;
    const wikiTarget = targetOf(wiki.id, wiki.secret);
    const refused = async (what: string, token: string, userId: string, status = 401) => {
      const { answer, laneAnswered } = await bothWays(what, ME, bearer(token), userId);
      expect(answer.status, `${what}: ${answer.body}`).to.equal(status);
      expect(laneAnswered, `${what}: left to the provider`).to.equal(false);
    };
    const expired = await accessTokenFor(wikiTarget, idaJar, 'openid');
    await rewrite(expired, { exp: Math.floor(Date.now() / 1000) - 60 });
    await refused('expired', expired, ida);
    const audience = await accessTokenFor(wikiTarget, idaJar, 'openid');
    await rewrite(audience, { aud: 'https://api.example' });
    await refused('another audience', audience, ida);
    const noOpenid = await accessTokenFor(wikiTarget, idaJar, 'openid email');
    await rewrite(noOpenid, { scope: 'email' });
    await refused('no openid scope', noOpenid, ida, 403);

    // The token expires with the provider's session (expiresWithSession): once that session is gone, so is the token.
    const sessionBound = await accessTokenFor(wikiTarget, idaJar, 'openid');
    const { sessionUid } = (await server.service.ports.oidcPayloads.find('AccessToken', sessionBound)) as { sessionUid: string };
    expect(await bothWays('session still there', ME, bearer(sessionBound), ida)).to.include({ laneAnswered: true });
    await server.service.db('oidc_payloads').where({ model: 'Session', uid: createHash('sha256').update(sessionUid).digest('hex') }).delete();
    await refused('provider session ended', sessionBound, ida);
    idaJar = await signIn(wikiTarget, 'ida@example.com', PASSWORD);

    const revoked = await accessTokenFor(wikiTarget, idaJar, 'openid');
    const basic = `Basic ${Buffer.from(`${wiki.id}:${wiki.secret}`).toString('base64')}`;
    await send(lane.port, '/gatehouse/oidc/token/revocation', { method: 'POST', headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${revoked}` });
    await refused('revoked', revoked, ida);

    const policed = await useCases.createOidcClientAsOperator({ name: 'Ops', type: 'confidential', redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [], skip_consent: true, require_pkce: true });
    const policedTarget = targetOf(policed.client.clientId, String(policed.secret));
    const idaOfDeleted = await accessTokenFor(policedTarget, idaJar, 'openid');
    await useCases.updateOidcClient('operator', policed.client.clientId, { allowed_groups: [opsId] });
    const member = await accessTokenFor(policedTarget, leoJar, 'openid');
    expect((await bothWays('member of the allowed group', ME, bearer(member), leo)).laneAnswered).to.equal(true);
    await useCases.removeGroupMember('operator', { name: 'ops' }, { email: 'leo@example.com' });
    await refused('removed from the group', member, leo);
    await useCases.updateOidcClient('operator', policed.client.clientId, { allowed_groups: [], require_mfa: true });
    await refused('the client now asks for a second factor', member, leo);

    const leaving = await accessTokenFor(wikiTarget, leoJar, 'openid');
    await useCases.deleteOidcClient('operator', policed.client.clientId);
    await refused('client deleted', idaOfDeleted, ida);
    await refused('client deleted, member token', member, leo);
    await useCases.disableUser('operator', { email: 'leo@example.com' });
    await refused('disabled user', leaving, leo);
  });

  it('judges the records of its one read as the provider judges them: the grant, the session, the policy, a change made on another instance', async () => {
    const { useCases, ports, db } = server.service;
    const wikiTarget = targetOf(wiki.id, wiki.secret);
    const mia = await createMember(server, 'mia@example.com', 'Mia');
    const miaJar = await signIn(wikiTarget, 'mia@example.com', PASSWORD);
    const answers = async (what: string, token: string, status: number, options = bearer(token)) => {
      const { answer, laneAnswered } = await bothWays(what, ME, options, mia);
      expect(answer.status, `${what}: ${answer.body}`).to.equal(status);
      return { laneAnswered, body: answer.body, headers: answer.headers };
    };
    const token = await accessTokenFor(wikiTarget, miaJar, 'openid email profile');
    expect((await answers('plain', token, 200)).laneAnswered).to.equal(true);

    // Mia's session holds one grant for the client: its records, rewritten and put back.
    const { grantId, sessionUid } = (await ports.oidcPayloads.find('AccessToken', token)) as { grantId: string; sessionUid: string };
    const grant = (await ports.oidcPayloads.find('Grant', grantId))!;
    const setGrant = (change: Record<string, unknown>) => ports.oidcPayloads.upsert('Grant', grantId, { ...grant, ...change }, new Date(Date.now() + 600_000));
    await setGrant({ rejected: { openid: { claims: ['email'] } } });
    const rejecting = await answers('the grant rejects a claim', token, 200);
    expect([rejecting.laneAnswered, JSON.parse(rejecting.body).email], 'left to the provider, which leaves the claim out').to.deep.equal([false, undefined]);
    await setGrant({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await answers('the grant past its exp', token, 401)).laneAnswered).to.equal(false);
    await setGrant({});
    const sessionRow = { model: 'Session', uid: createHash('sha256').update(sessionUid).digest('hex') };
    const [stored] = (await db('oidc_payloads').where(sessionRow).select('payload')) as { payload: string }[];
    const session = JSON.parse(stored!.payload) as { authorizations: Record<string, { grantId: string }> };
    await db('oidc_payloads').where(sessionRow).update({ payload: JSON.stringify({ ...session, authorizations: { [wiki.id]: { grantId: 'another' } } }) });
    expect((await answers('the session holds another grant', token, 401)).laneAnswered).to.equal(false);
    await db('oidc_payloads').where(sessionRow).update({ payload: stored!.payload });
    expect((await answers('records put back', token, 200)).laneAnswered).to.equal(true);
    await ports.oidcPayloads.consume('AccessToken', token, new Date());
    expect((await answers('a consumed access token', token, 200)).laneAnswered, 'left to the provider').to.equal(false);
    const fresh = await accessTokenFor(wikiTarget, miaJar, 'openid');
    await ports.oidcPayloads.consume('Grant', grantId, new Date());
    expect((await answers('a consumed grant', fresh, 200)).laneAnswered, 'left to the provider').to.equal(false);
    await ports.oidcPayloads.destroy('Grant', grantId);
    expect((await answers('the grant gone', fresh, 401)).laneAnswered).to.equal(false);

    // A second factor the client now asks for: proved by the token's own amr, or not.
    const secure = await useCases.createOidcClientAsOperator({ name: 'Secure', type: 'confidential', redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [], skip_consent: true, require_pkce: true });
    const secureToken = await accessTokenFor(targetOf(secure.client.clientId, String(secure.secret)), miaJar, 'openid');
    await useCases.updateOidcClient('operator', secure.client.clientId, { require_mfa: true });
    expect((await answers('require_mfa, no mfa in the amr', secureToken, 401)).laneAnswered).to.equal(false);
    await rewrite(secureToken, { extra: { amr: ['pwd', 'mfa'] } });
    expect((await answers('require_mfa, mfa in the amr', secureToken, 200)).laneAnswered).to.equal(true);

    // Another instance over the same database changes the client and the groups: the next call sees it.
    const other = composeService({ ...server.config, databasePoolMax: 1 }, {}, createLogger('silent'));
    try {
      const spaToken = await accessTokenFor(targetOf(spa, ''), miaJar, 'openid groups', false);
      const from = { Origin: 'https://new.example' };
      expect((await answers('an origin not yet allowed', spaToken, 200, bearer(spaToken, from))).headers['access-control-allow-origin']).to.equal(undefined);
      await other.useCases.updateOidcClient('operator', spa, { allowed_origins: [SPA_ORIGIN, 'https://new.example'] });
      const allowed = await answers('the origin allowed on another instance', spaToken, 200, bearer(spaToken, from));
      expect([allowed.laneAnswered, allowed.headers['access-control-allow-origin']]).to.deep.equal([true, 'https://new.example']);
      await other.useCases.addGroupMember('operator', { name: 'ops' }, { email: 'mia@example.com' });
      await other.useCases.updateGroup('operator', { name: 'ops' }, { name: 'operators' });
      const grouped = await answers('a group joined and renamed on another instance', spaToken, 200);
      expect([grouped.laneAnswered, JSON.parse(grouped.body).groups]).to.deep.equal([true, ['operators']]);
      await other.useCases.updateOidcClient('operator', spa, { allowed_groups: [opsId] });
      expect((await answers('a member of the groups the client now asks', spaToken, 200)).laneAnswered).to.equal(true);
      await other.useCases.removeGroupMember('operator', { name: 'operators' }, { email: 'mia@example.com' });
      expect((await answers('removed from the group on another instance', spaToken, 401)).laneAnswered).to.equal(false);
    } finally {
      await other.close();
    }
  });
});
