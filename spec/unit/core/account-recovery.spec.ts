import { expect } from 'chai';
import { ACCOUNT_RECOVERY_MS, normalizeAccountRecoveryCode } from '../../../src/core/domain/account-recovery.js';
import { CryptoSecretGenerator } from '../../../src/adapters/crypto-secret-generator.js';
import type { MemoryWorld } from '../../support/unit/memory-ports.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember, SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const NEW_PASSWORD = 'a brand new passphrase for ever';
const EMAIL = 'member@example.com';

const recover = (world: MemoryWorld, body: Record<string, unknown>) => world.useCases.recoverAccount(body, SIGN_IN);
const trailTypes = async (world: MemoryWorld, userId: Parameters<MemoryWorld['ports']['scopes']['open']>[0]) =>
  (await world.ports.scopes.open(userId).listEvents({ limit: 50, before: null })).map((event) => event.type);

describe('account recovery: issuing', () => {
  it('gives a 140-bit code, shown once and stored only as its hash, valid for 24 hours', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { code, expiresAt } = await world.useCases.issueAccountRecovery('operator', { id: member.user.id });
    expect(code).to.match(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(expiresAt.getTime() - world.clock.now().getTime()).to.equal(ACCOUNT_RECOVERY_MS);
    const found = await world.ports.auth.findAccountRecoveryByCodeHash(new CryptoSecretGenerator().hashOf(normalizeAccountRecoveryCode(code)!));
    expect(found?.user.id).to.equal(member.user.id);
    expect(JSON.stringify(found)).not.to.include(code.replaceAll('-', ''));
  });

  it('records recovery_issued in the target\'s trail, naming the admin or the operator', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { session } = signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, SIGN_IN));
    const admin = (await world.useCases.authenticateSession(session.token, CONTEXT)).principal;
    await world.useCases.issueAccountRecovery(admin, { id: member.user.id });
    await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const events = await world.ports.scopes.open(member.user.id).listEvents({ limit: 2, before: null });
    expect(events.map((e) => [e.type, e.actor, e.actorId, e.clientAddress])).to.deep.equal([
      ['recovery_issued', 'operator', null, null],
      ['recovery_issued', 'admin', admin.userId, CONTEXT.clientAddress],
    ]);
  });

  it('voids the earlier unused code', async () => {
    const world = memoryWorld();
    await seedMember(world);
    const first = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const second = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    await expectDomainError(recover(world, { email: EMAIL, code: first.code, new_password: NEW_PASSWORD }), 'recovery_invalid');
    await recover(world, { email: EMAIL, code: second.code, new_password: NEW_PASSWORD });
  });

  it('refuses an email with no account as not_found', async () => {
    const world = memoryWorld();
    await expectDomainError(world.useCases.issueAccountRecovery('operator', { email: 'ghost@example.com' }), 'not_found');
  });
});

describe('account recovery: POST /auth/recover', () => {
  it('sets the password, ends every session, opens a new one and uses the code up; the trail says so', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { code } = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const { user, session } = signedIn(await recover(world, { email: ' Member@Example.com', code: code.toLowerCase(), new_password: NEW_PASSWORD }));
    expect(user.id).to.equal(member.user.id);
    await expectDomainError(world.useCases.authenticateSession(member.session.token, CONTEXT), 'not_authenticated');
    expect((await world.useCases.authenticateSession(session.token, CONTEXT)).principal.userId).to.equal(member.user.id);
    await expectDomainError(world.useCases.login({ email: EMAIL, password: PASSWORD }, SIGN_IN), 'invalid_credentials');
    await world.useCases.login({ email: EMAIL, password: NEW_PASSWORD }, SIGN_IN);
    await expectDomainError(recover(world, { email: EMAIL, code, new_password: NEW_PASSWORD }), 'recovery_invalid');
    expect((await trailTypes(world, member.user.id)).slice(2, 5)).to.deep.equal(['password_changed', 'account_recovered', 'recovery_issued']);
  });

  it('works for its own user only', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await seedMember(world, 'other@example.com');
    const { code } = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    await expectDomainError(recover(world, { email: 'other@example.com', code, new_password: NEW_PASSWORD }), 'recovery_invalid');
    await recover(world, { email: EMAIL, code, new_password: NEW_PASSWORD });
  });

  it('works until 24 hours have passed, and not at that moment', async () => {
    const world = memoryWorld();
    await seedMember(world);
    const early = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    world.clock.advance(ACCOUNT_RECOVERY_MS - 1);
    await recover(world, { email: EMAIL, code: early.code, new_password: NEW_PASSWORD });
    const late = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    world.clock.advance(ACCOUNT_RECOVERY_MS);
    await expectDomainError(recover(world, { email: EMAIL, code: late.code, new_password: NEW_PASSWORD }), 'recovery_invalid');
  });

  it('answers an unknown email exactly as a wrong code, and writes nothing but the log line for either', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const before = await trailTypes(world, member.user.id);
    const wrong = await expectDomainError(recover(world, { email: EMAIL, code: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', new_password: NEW_PASSWORD }), 'recovery_invalid');
    const unknown = await expectDomainError(recover(world, { email: 'ghost@example.com', code: 'not even a code', new_password: NEW_PASSWORD }), 'recovery_invalid');
    expect(unknown).to.deep.equal(wrong);
    expect(await trailTypes(world, member.user.id)).to.deep.equal(before);
    expect(world.log.written.slice(-2)).to.deep.equal([0, 1].map(() => ({ type: 'recovery_failed', userId: null, clientAddress: CONTEXT.clientAddress })));
  });

  it('checks the account\'s password rules only after the code: without one, a password with the email in it is recovery_invalid', async () => {
    const world = memoryWorld();
    await seedMember(world);
    const weak = 'member-member-member-1';
    await expectDomainError(recover(world, { email: EMAIL, code: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', new_password: weak }), 'recovery_invalid');
    const { code } = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const refused = await expectDomainError(recover(world, { email: EMAIL, code, new_password: weak }), 'validation_failed');
    expect(refused.problems).to.deep.equal([{ loc: ['new_password'], msg: 'must not contain the email address' }]);
    await recover(world, { email: EMAIL, code, new_password: NEW_PASSWORD }); // the refusal did not use the code up
  });

  it('refuses a short password before looking at the code, whatever the email', async () => {
    const world = memoryWorld();
    await expectDomainError(recover(world, { email: 'ghost@example.com', code: 'x', new_password: 'short' }), 'validation_failed');
  });

  it('keeps second factors, and ends pending logins', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const scope = world.ports.scopes.open(member.user.id);
    await scope.factors.insertPendingLogin({ id: world.ports.ids.next(), userId: member.user.id, secretHash: 'a'.repeat(64), attempts: 0, createdAt: world.clock.now(), expiresAt: new Date(world.clock.now().getTime() + 60_000) });
    await scope.factors.replaceRecoveryCodes([{ id: world.ports.ids.next(), userId: member.user.id, codeHash: 'b'.repeat(64), createdAt: world.clock.now() }]);
    const { code } = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    await recover(world, { email: EMAIL, code, new_password: NEW_PASSWORD });
    expect(await world.ports.auth.findPendingLoginBySecretHash('a'.repeat(64))).to.equal(null);
    expect((await scope.factors.summary()).recoveryCodes).to.equal(1);
  });

  it('is throttled per email on a count of its own: 429 past the limit, even with the right code', async () => {
    const world = memoryWorld(undefined, { loginFailuresPerEmail: 2, authAttemptsPerAddress: 0 });
    await seedMember(world);
    for (let i = 0; i < 2; i += 1) {
      await expectDomainError(recover(world, { email: EMAIL, code: 'wrong', new_password: NEW_PASSWORD }), 'recovery_invalid');
    }
    const { code } = await world.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const throttled = await expectDomainError(recover(world, { email: EMAIL, code, new_password: NEW_PASSWORD }), 'too_many_requests');
    expect(throttled.retryAfterSeconds).to.equal(900);
    await world.useCases.login({ email: EMAIL, password: PASSWORD }, SIGN_IN); // logins count apart
  });
});
