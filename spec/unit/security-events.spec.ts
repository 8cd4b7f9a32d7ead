import { expect } from 'chai';
import { PinoSecurityEvents } from '../../src/adapters/pino-security-events.js';
import { createLogger } from '../../src/logger.js';
import { memoryLog } from '../support/http/harness.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember } from '../support/unit/memory-ports.js';
import { expectDomainError } from './expect-domain-error.js';

describe('security events', () => {
  it('records every security-relevant action with the user id and never a secret', async () => {
    const world = memoryWorld(undefined, { loginFailuresPerEmail: 1, authAttemptsPerAddress: 0 });
    const member = await seedMember(world);
    const login = (email: string, password: string) => world.useCases.login({ email, password }, { ...CONTEXT, presentedSessionToken: null });
    await expectDomainError(login('ghost@example.com', PASSWORD), 'invalid_credentials');
    await expectDomainError(login('ghost@example.com', PASSWORD), 'too_many_requests');
    const other = await login('member@example.com', PASSWORD);
    const { token, secret } = await world.useCases.createApiToken(member.principal, { name: 'ci' });
    await world.useCases.revokeApiToken(member.principal, token.id);
    const grant = await world.useCases.changePassword(member.principal, { current_password: PASSWORD, new_password: `${PASSWORD} two` }, CONTEXT);
    await world.useCases.logout(grant.token);
    const id = member.user.id;
    expect(world.events.recorded.map(({ type, userId }) => [type, userId])).to.deep.equal([
      ['admin_created', world.events.recorded[0]?.userId],
      ['invite_created', world.events.recorded[0]?.userId],
      ['registered', id],
      ['login_failed', null],
      ['throttled', null],
      ['login_succeeded', id],
      ['token_created', id],
      ['token_revoked', id],
      ['password_changed', id],
      ['logout', id],
    ]);
    expect(world.events.recorded[4]).to.include({ limiter: 'email', clientAddress: CONTEXT.clientAddress });
    const text = JSON.stringify(world.events.recorded);
    for (const value of [PASSWORD, secret, other.session.token, grant.token, member.session.token]) expect(text).not.to.include(value);
  });

  it('writes them as JSON lines named security events, failures and throttling as warnings', () => {
    const log = memoryLog();
    const events = new PinoSecurityEvents(createLogger('info', log.stream));
    events.record({ type: 'token_created', userId: 'u1', targetId: 't1' });
    events.record({ type: 'throttled', userId: null, limiter: 'address', clientAddress: '192.0.2.1' });
    const [created, throttled] = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(created).to.include({ msg: 'security event', security_event: 'token_created', user_id: 'u1', target_id: 't1', level: 30 });
    expect(throttled).to.include({ security_event: 'throttled', user_id: null, limiter: 'address', client_address: '192.0.2.1', level: 40 });
  });
});
