import { expect } from 'chai';
import { ENGINE_LABEL, TEST_ENGINE } from '../support/db/test-engine.js';
import { exchangeCode, mintCode, postToken, refresh, type OidcTarget } from '../support/oidc/headless-flow.js';
import { startHeadlessStage, type HeadlessStage } from '../support/oidc/headless-stage.js';
import { userinfoStatus, type OidcServer } from '../support/oidc/oidc-server.js';
const WRITE = /^(begin|commit|rollback|insert|update|delete|with)\b/i;

/**
 * A refresh's writes — the old refresh token consumed, the new one, the access token — commit as
 * one transaction (decision 0037), and the rotation's rules hold as they did with three commits:
 * of refreshes racing with one token exactly one wins, and the grant lives on.
 */
describe(`OpenID provider: a refresh's writes as one unit (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let stage: HeadlessStage;
  let server: OidcServer;
  let target: OidcTarget;

  before(async () => {
    stage = await startHeadlessStage('rosa@example.com', 'Rosa');
    server = stage.server;
    target = await stage.client();
  });
  after(() => stage?.close());

  const refreshToken = async (): Promise<string> => (await exchangeCode(target, await mintCode(target, stage.jar, { offline: true }))).refresh_token!;

  it('writes the consumed token, the new refresh token and the access token in one transaction (SQLite) or one statement (PostgreSQL), and nothing else', async () => {
    const first = await refreshToken();
    const writes: string[] = [];
    const listen = (query: { sql: string }) => void (WRITE.test(query.sql.trim()) && writes.push(query.sql.trim().split(/\s+/).slice(0, 3).join(' ').toLowerCase()));
    server.service.db.on('query', listen);
    const next = await refresh(target, first).finally(() => server.service.db.off('query', listen));
    const expected = TEST_ENGINE === 'sqlite' ? ['begin immediate;', 'update oidc_payloads set', 'insert into oidc_payloads', 'insert into oidc_payloads', 'commit;'] : ['with consumed as'];
    expect(writes.map((sql) => sql.replace(/[`"]/g, ''))).to.deep.equal(expected);
    expect(await userinfoStatus(server, next.access_token)).to.equal(200);
    expect((await refresh(target, next.refresh_token!)).access_token).to.be.a('string');
  });

  it('of five refreshes racing with one token exactly one wins, the others are invalid_grant, and the grant lives on', async () => {
    const token = await refreshToken();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postToken(target, { grant_type: 'refresh_token', refresh_token: token })));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { access_token?: string; refresh_token?: string; error?: string }[];
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400, 400, 400, 400]);
    expect(bodies.filter((body) => body.error !== undefined).map((body) => body.error)).to.deep.equal(Array(4).fill('invalid_grant'));
    const won = bodies.find((body) => body.access_token !== undefined)!;
    expect(await userinfoStatus(server, won.access_token!)).to.equal(200);
    expect((await refresh(target, won.refresh_token!)).access_token).to.be.a('string');
  });
});
