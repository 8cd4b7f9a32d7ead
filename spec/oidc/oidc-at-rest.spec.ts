import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { PASSWORD } from '../support/constants.js';
import { databaseText } from '../support/db/database-text.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { CookieJar, exchangeCode, mintCode, refresh, type OidcTarget } from '../support/oidc/headless-flow.js';
import { createMember, registerClient, startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';

const MEMBER = 'grace@example.com';
const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** A cookie jar that also remembers every value it was ever given, the interaction's cookies cleared since included. */
class RecordingJar extends CookieJar {
  readonly seen = new Map<string, string>();
  override take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value !== '') this.seen.set(`cookie ${pair.slice(0, at).trim()} ${this.seen.size}`, value);
    }
    super.take(response);
  }
}

// The attack: a backup, a replica or a stolen file of the database. The provider's codes, tokens
// and cookie values must not be in it, or whoever reads it can act as every signed-in user.
describe(`the OpenID provider at rest: a copy of the database opens nothing (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let target: OidcTarget;

  before(async () => {
    server = await startOidcServer();
    await createMember(server, MEMBER, 'Grace');
    const redirectUri = 'http://127.0.0.1:9/callback';
    const client = await registerClient(server, { name: 'Backup Reader', redirectUris: [redirectUri], skipConsent: true });
    target = { base: server.origin, publicOrigin: server.origin, clientId: client.clientId, clientSecret: client.secret!, redirectUri };
  });
  after(() => server?.close());

  it('holds no code, access token, refresh token (old or new) or cookie value that was handed out, after a code exchange, a refresh and userinfo', async () => {
    const jar = new RecordingJar();
    const login = await fetch(`${server.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.origin },
      body: JSON.stringify({ email: MEMBER, password: PASSWORD }),
    });
    expect(login.status).to.equal(200);
    jar.take(login);
    const minted = await mintCode(target, jar, { offline: true });
    const first = await exchangeCode(target, minted);
    const second = await refresh(target, first.refresh_token!);
    const userinfo = await fetch(`${server.issuer}/me`, { headers: { Authorization: `Bearer ${second.access_token}` } });
    expect(userinfo.status, 'the new access token works').to.equal(200);
    const handedOut = new Map<string, string>([
      ...jar.seen,
      ['authorization code', minted.code],
      ['first access token', first.access_token],
      ['first refresh token', first.refresh_token!],
      ['first ID token', first.id_token],
      ['second access token', second.access_token],
      ['second refresh token', second.refresh_token!],
      ['second ID token', second.id_token],
    ]);
    expect([...handedOut.keys()].filter((name) => name.startsWith('cookie gh_oidc_session ')), 'the provider set its session cookie').to.not.deep.equal([]);
    expect([...handedOut.keys()].filter((name) => name.startsWith('cookie gh_oidc_interaction ')), 'the provider set its interaction cookie').to.not.deep.equal([]);

    const copy = await databaseText(server.database.db);
    const found = [...handedOut].filter(([, value]) => copy.includes(value)).map(([name]) => name);
    expect(found).to.deep.equal([]);
    // The rows are there, found by the SHA-256 of what the client presents.
    expect(copy).to.include(sha256Hex(second.refresh_token!));
    expect(copy).to.include(sha256Hex(second.access_token));
  });
});
