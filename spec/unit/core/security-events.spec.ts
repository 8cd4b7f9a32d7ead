import { expect } from 'chai';
import { PinoSecurityLog } from '../../../src/adapters/pino-security-log.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { memoryLog } from '../../support/http/harness.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember, SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

describe('security events: the trail and the log', () => {
  const story = async () => {
    const world = memoryWorld(undefined, { loginFailuresPerEmail: 1, authAttemptsPerAddress: 0 });
    const member = await seedMember(world);
    const login = (email: string, password: string) => world.useCases.login({ email, password }, SIGN_IN);
    await expectDomainError(login('ghost@example.com', PASSWORD), 'invalid_credentials');
    await expectDomainError(login('ghost@example.com', PASSWORD), 'too_many_requests');
    const other = signedIn(await login('member@example.com', PASSWORD));
    const { token, secret } = await world.useCases.createApiToken(member.principal, { name: 'ci' });
    await world.useCases.revokeApiToken(member.principal, token.id);
    const grant = await world.useCases.changePassword(member.principal, { current_password: PASSWORD, new_password: `${PASSWORD} two` });
    await world.useCases.logout(grant.token, CONTEXT);
    return { world, member, secrets: [PASSWORD, secret, other.session.token, grant.token, member.session.token] };
  };

  it("writes every change of a user to that user's trail, newest first, with where it came from", async () => {
    const { world, member } = await story();
    const trail = await world.ports.scopes.open(member.user.id).listEvents({ limit: 50, before: null });
    expect(trail.map((e) => e.type)).to.deep.equal([
      'logout',
      'password_changed',
      'api_token_revoked',
      'api_token_created',
      'login_succeeded',
      'registered',
    ]);
    for (const event of trail) expect(event).to.include({ userId: member.user.id, actor: 'self', clientAddress: CONTEXT.clientAddress, userAgent: 'spec' });
  });

  it('logs each committed trail event, and alone what belongs to no user (an unknown email)', async () => {
    const { world, member } = await story();
    const root = world.log.written[0]?.userId;
    expect(world.log.written.map(({ type, userId, actor }) => [type, userId, actor])).to.deep.equal([
      ['registered', root, 'operator'],
      ['invite_created', root, 'operator'],
      ['registered', member.user.id, 'self'],
      ['login_failed', null, undefined],
      ['login_throttled', null, undefined],
      ['login_succeeded', member.user.id, 'self'],
      ['api_token_created', member.user.id, 'self'],
      ['api_token_revoked', member.user.id, 'self'],
      ['password_changed', member.user.id, 'self'],
      ['logout', member.user.id, 'self'],
    ]);
    expect(world.log.written[4]).to.include({ limiter: 'email', clientAddress: CONTEXT.clientAddress });
  });

  it('never carries a password, a token or a cookie value', async () => {
    const { world, member, secrets } = await story();
    const text = JSON.stringify([world.log.written, await world.ports.scopes.open(member.user.id).listEvents({ limit: 50, before: null })]);
    for (const value of secrets) expect(text).not.to.include(value);
  });

  it('records a throttled login on the account once per window, not once per try', async () => {
    const world = memoryWorld(undefined, { loginFailuresPerEmail: 1, authAttemptsPerAddress: 0 });
    const member = await seedMember(world);
    const wrong = () => world.useCases.login({ email: 'member@example.com', password: 'wrong wrong wrong' }, SIGN_IN);
    await expectDomainError(wrong(), 'invalid_credentials');
    for (let i = 0; i < 3; i++) await expectDomainError(wrong(), 'too_many_requests');
    const trail = await world.ports.scopes.open(member.user.id).listEvents({ limit: 50, before: null });
    expect(trail.map((e) => e.type)).to.deep.equal(['login_throttled', 'login_failed', 'registered']);
  });

  it('writes them as JSON lines named security events, failures and throttling as warnings', () => {
    const log = memoryLog();
    const sink = new PinoSecurityLog(createLogger('info', log.stream));
    sink.write({ type: 'api_token_created', userId: 'u1', actor: 'self', targetId: 't1' });
    sink.write({ type: 'login_throttled', userId: null, limiter: 'address', clientAddress: '192.0.2.1' });
    const [created, throttled] = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(created).to.include({ msg: 'security event', security_event: 'api_token_created', user_id: 'u1', target_id: 't1', level: 30 });
    expect(throttled).to.include({ security_event: 'login_throttled', user_id: null, limiter: 'address', client_address: '192.0.2.1', level: 40 });
  });
});
