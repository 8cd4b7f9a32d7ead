import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { MemorySecurityLog } from '../../src/adapters/memory/memory-security-log.js';
import { asUserId } from '../contract/fixtures.js';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { exchangeCode, mintCode, signIn, type CookieJar, type OidcTarget } from '../support/oidc/headless-flow.js';
import { createMember, startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const SIGNED_OUT = 'http://127.0.0.1:9/signed-out';

/** How the relying party's back-channel endpoint answers the next POST. */
type Mode = 'ok' | 'down' | 'hang';

/**
 * A relying party's back-channel logout endpoint on loopback: keeps every logout_token it was sent,
 * answers 200, 503 (down) or nothing at all until released (hang), as told for the next POST.
 */
class LogoutReceiver {
  readonly tokens: string[] = [];
  private modes: Mode[] = [];
  private hung: ServerResponse[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  private readonly server: Server = createServer((req, res) => void this.answer(req, res));
  uri = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.uri = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/backchannel-logout`;
  }

  next(...modes: Mode[]): void {
    this.modes = modes;
  }

  /** Resolves once `count` tokens in all have arrived. */
  received(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve });
      this.settle();
    });
  }

  release(): void {
    for (const res of this.hung.splice(0)) res.writeHead(200).end();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    expect(req.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    this.tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
    const mode = this.modes.shift() ?? 'ok';
    if (mode === 'hang') this.hung.push(res);
    else res.writeHead(mode === 'ok' ? 200 : 503).end();
    this.settle();
  }

  private settle(): void {
    this.waiters = this.waiters.filter((waiter) => {
      if (this.tokens.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }
}

describe(`OpenID provider: back-channel logout tells a client when the user's session ends (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  const log = new MemorySecurityLog();
  const receiver = new LogoutReceiver();
  let server: OidcServer;
  let clientId: string;
  let target: OidcTarget;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  before(async () => {
    await receiver.start();
    server = await startOidcServer({ log });
    const redirectUri = 'http://127.0.0.1:9/callback';
    const { client, secret } = await server.service.useCases.createOidcClientAsOperator({
      name: 'Wiki',
      type: 'confidential',
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: [SIGNED_OUT],
      skip_consent: true,
      backchannel_logout_uri: receiver.uri,
    });
    expect(client.backchannelLogoutUri).to.equal(receiver.uri);
    clientId = client.clientId;
    target = { base: server.origin, publicOrigin: server.origin, clientId, clientSecret: secret!, redirectUri };
    jwks = createRemoteJWKSet(new URL(`${server.base}/jwks`));
  });
  after(async () => {
    await server?.close();
    await receiver.close();
  });

  /** A member signed in at the client: the browser's cookies and the ID token's sub and sid. */
  const signedInAtClient = async (email: string): Promise<{ jar: CookieJar; sub: string; sid: string; idToken: string }> => {
    await createMember(server, email);
    const jar = await signIn(target, email, PASSWORD);
    const { id_token: idToken } = await exchangeCode(target, await mintCode(target, jar));
    const { sub, sid } = decodeJwt(idToken);
    expect(sid, 'the ID token of a back-channel client carries sid').to.be.a('string');
    return { jar, sub: sub!, sid: sid as string, idToken };
  };

  /** The logout token verified against the JWKS as a relying party must (Back-Channel Logout 1.0 §2.6). */
  const verified = async (token: string, alg = 'RS256'): Promise<JWTPayload> => {
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: server.issuer, audience: clientId, typ: 'logout+jwt' });
    expect(protectedHeader.alg).to.equal(alg);
    expect(payload.events).to.deep.equal({ [LOGOUT_EVENT]: {} });
    expect(payload.jti).to.be.a('string').and.not.equal('');
    expect(payload.iat).to.be.a('number');
    expect(payload).to.not.have.property('nonce');
    return payload;
  };

  const outcomes = (userId: string): string[] =>
    log.written.filter((entry) => entry.type === 'oidc_backchannel_logout' && entry.userId === userId && entry.targetId === clientId).map((entry) => entry.outcome ?? '');

  /** The outcomes once `count` are written (the relay logs after the client's answer). */
  const outcomesOnce = async (userId: string, count: number): Promise<string[]> => {
    while (outcomes(userId).length < count) await new Promise((resolve) => setImmediate(resolve));
    return outcomes(userId);
  };

  it("the person's sign-out answers at once while the client hangs, and the client gets a signed token with the session's sid", async () => {
    const { jar, sub, sid } = await signedInAtClient('sam@example.com');
    receiver.next('hang');
    const before = receiver.tokens.length;
    const logout = await fetch(`${server.origin}/api/v1/auth/logout`, { method: 'POST', headers: { Cookie: jar.header(), Origin: server.origin } });
    expect(logout.status, 'answered while the client has not').to.equal(204);
    await receiver.received(before + 1);
    receiver.release();
    const payload = await verified(receiver.tokens[before]!);
    expect(payload.sub).to.equal(sub);
    expect(payload.sid).to.equal(sid);
  });

  it("an admin's disable tells the client", async () => {
    const { sub, sid } = await signedInAtClient('dora@example.com');
    const before = receiver.tokens.length;
    await server.service.useCases.disableUser('operator', { id: asUserId(sub) });
    await receiver.received(before + 1);
    const payload = await verified(receiver.tokens[before]!);
    expect([payload.sub, payload.sid]).to.deep.equal([sub, sid]);
  });

  it('a password change tells the client, once', async () => {
    const { jar, sub, sid } = await signedInAtClient('paul@example.com');
    const before = receiver.tokens.length;
    const changed = await fetch(`${server.origin}/api/v1/users/me/password`, {
      method: 'PUT',
      headers: { Cookie: jar.header(), Origin: server.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ current_password: PASSWORD, new_password: 'violet tractor hums at dawn again' }),
    });
    expect(changed.status).to.equal(204);
    await receiver.received(before + 1);
    const payload = await verified(receiver.tokens[before]!);
    expect([payload.sub, payload.sid]).to.deep.equal([sub, sid]);
    // A later sign-out everywhere has no client left to tell for that session.
    expect(await outcomesOnce(sub, 1)).to.deep.equal(['delivered']);
    await server.service.useCases.revokeUserSessions('operator', { id: asUserId(sub) });
    expect(receiver.tokens).to.have.length(before + 1);
  });

  it('a client that is down is tried again, and each outcome is a security event', async () => {
    const { sub, sid } = await signedInAtClient('rita@example.com');
    receiver.next('down', 'ok');
    const before = receiver.tokens.length;
    await server.service.useCases.revokeUserSessions('operator', { id: asUserId(sub) });
    await receiver.received(before + 2);
    const [first, second] = await Promise.all([verified(receiver.tokens[before]!), verified(receiver.tokens[before + 1]!)]);
    expect([first.sid, second.sid]).to.deep.equal([sid, sid]);
    expect(await outcomesOnce(sub, 2)).to.deep.equal(['retrying', 'delivered']);
  });

  it("RP-initiated logout with the user's own id_token_hint tells the client, and the browser still goes back at once", async () => {
    const { jar, sub, sid, idToken } = await signedInAtClient('rob@example.com');
    receiver.next('hang');
    const before = receiver.tokens.length;
    const end = new URL(`${server.base}/session/end`);
    end.search = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: SIGNED_OUT }).toString();
    const answer = await fetch(end, { redirect: 'manual', headers: { Cookie: jar.header() } });
    expect(answer.status).to.equal(303);
    expect(answer.headers.get('location')).to.equal(SIGNED_OUT);
    await receiver.received(before + 1);
    receiver.release();
    const payload = await verified(receiver.tokens[before]!);
    expect([payload.sub, payload.sid]).to.deep.equal([sub, sid]);
  });

  it('the user revoking the client tells it, and so does the user\'s deletion by an admin', async () => {
    const revoking = await signedInAtClient('vic@example.com');
    const before = receiver.tokens.length;
    const revoked = await fetch(`${server.origin}/api/v1/users/me/oidc-grants/${clientId}`, { method: 'DELETE', headers: { Cookie: revoking.jar.header(), Origin: server.origin } });
    expect(revoked.status).to.equal(204);
    await receiver.received(before + 1);
    const payload = await verified(receiver.tokens[before]!);
    expect([payload.sub, payload.sid]).to.deep.equal([revoking.sub, revoking.sid]);

    const deleted = await signedInAtClient('del@example.com');
    await server.service.useCases.deleteUser('operator', { id: asUserId(deleted.sub) });
    await receiver.received(before + 2);
    const last = await verified(receiver.tokens[before + 1]!);
    expect([last.sub, last.sid]).to.deep.equal([deleted.sub, deleted.sid]);
  });

  it('a client set to ES256 gets its logout tokens signed with ES256, as its ID tokens are', async () => {
    await server.service.useCases.updateOidcClient('operator', clientId, { id_token_signed_response_alg: 'ES256' });
    const { sub, sid } = await signedInAtClient('eve@example.com');
    const before = receiver.tokens.length;
    await server.service.useCases.disableUser('operator', { id: asUserId(sub) });
    await receiver.received(before + 1);
    const payload = await verified(receiver.tokens[before]!, 'ES256');
    expect([payload.sub, payload.sid]).to.deep.equal([sub, sid]);
  });
});
