import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import type { PendingLogin } from '../../src/core/domain/pending-login.js';
import type { Passkey, RecoveryCode, TotpFactor } from '../../src/core/domain/second-factor.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import type { WebAuthnChallenge } from '../../src/core/domain/webauthn-challenge.js';
import { aSession, at } from './fixtures.js';
import type { TwoUsers } from './user-scopes.contract.js';

const T0 = at('2026-01-02T03:04:05.678Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const aTotp = (userId: UserId, overrides: Partial<TotpFactor> = {}): TotpFactor => ({ id: uuidv7(), userId, sealedSecret: 'v1.sealed', createdAt: T0, confirmedAt: null, lastUsedStep: 0, ...overrides });
const aPasskey = (userId: UserId, overrides: Partial<Passkey> = {}): Passkey => ({
  id: uuidv7(), userId, name: 'Key', credentialId: uuidv7(), publicKey: 'pk', counter: 4_000_000_000, transports: 'internal,hybrid', createdAt: T0, lastUsedAt: null, ...overrides,
});
const aCode = (userId: UserId, codeHash: string): RecoveryCode => ({ id: uuidv7(), userId, codeHash, createdAt: T0 });
const aPending = (userId: UserId, overrides: Partial<PendingLogin> = {}): PendingLogin => ({ id: uuidv7(), userId, secretHash: uuidv7().replaceAll('-', ''), attempts: 0, createdAt: T0, expiresAt: later(300_000), ...overrides });

/** The FactorStore on a user scope: confined to its user, every single-use step a win for exactly one call. */
export function factorStoreContract(given: TwoUsers): void {
  const factorsOf = (userId: UserId) => given.store.scopes.open(userId).factors;

  describe('second factors (scope.factors)', () => {
    it('keeps one TOTP factor per user; confirms it, uses each step once, reseals it, and forgets it', async () => {
      const totp = aTotp(given.ada.id);
      await factorsOf(given.ada.id).insertTotp(totp);
      expect(await factorsOf(given.ada.id).findTotp()).to.deep.equal(totp);
      expect(await factorsOf(given.bob.id).findTotp()).to.equal(null);
      expect(await factorsOf(given.ada.id).insertTotp(aTotp(given.ada.id)).catch((e: unknown) => e)).to.be.instanceOf(Error);
      expect((await factorsOf(given.ada.id).summary()).totp, 'unconfirmed is not MFA').to.equal(false);
      expect(await factorsOf(given.ada.id).confirmTotp(T0, 100)).to.equal(true);
      expect(await factorsOf(given.ada.id).useTotpStep(100)).to.equal(false);
      expect(await factorsOf(given.ada.id).useTotpStep(101)).to.equal(true);
      expect(await factorsOf(given.ada.id).useTotpStep(99)).to.equal(false);
      await factorsOf(given.ada.id).resealTotp('v1.resealed');
      expect(await factorsOf(given.ada.id).findTotp()).to.deep.equal({ ...totp, confirmedAt: T0, lastUsedStep: 101, sealedSecret: 'v1.resealed' });
      expect(await given.store.scopes.open(given.ada.id).hasSecondFactor()).to.equal(true);
      expect(await factorsOf(given.bob.id).deleteTotp()).to.equal(false);
      expect(await factorsOf(given.ada.id).deleteTotp()).to.equal(true);
    });

    it('lists, finds, touches and deletes only its own passkeys; a credential id is registered once, anywhere', async () => {
      const [older, newer] = [aPasskey(given.ada.id), aPasskey(given.ada.id, { createdAt: later(1) })];
      expect(await factorsOf(given.ada.id).insertPasskey(newer)).to.equal(true);
      expect(await factorsOf(given.ada.id).insertPasskey(older)).to.equal(true);
      expect(await factorsOf(given.bob.id).insertPasskey(aPasskey(given.bob.id, { credentialId: older.credentialId }))).to.equal(false);
      expect(await factorsOf(given.ada.id).listPasskeys()).to.deep.equal([older, newer]);
      expect(await factorsOf(given.bob.id).findPasskeyByCredentialId(older.credentialId)).to.equal(null);
      expect(await given.store.auth.findPasskeyByCredentialId(older.credentialId)).to.deep.equal({ passkey: older, user: given.ada });
      await factorsOf(given.ada.id).touchPasskey(older.id, 4_000_000_001, later(5));
      expect(await factorsOf(given.ada.id).findPasskeyByCredentialId(older.credentialId)).to.deep.equal({ ...older, counter: 4_000_000_001, lastUsedAt: later(5) });
      expect(await factorsOf(given.bob.id).deletePasskey(older.id)).to.equal(false);
      expect(await factorsOf(given.ada.id).deletePasskey(older.id)).to.equal(true);
      expect(await given.store.scopes.open(given.ada.id).deleteSecondFactors()).to.equal(1);
      expect(await factorsOf(given.ada.id).summary()).to.deep.equal({ totp: false, passkeys: 0, recoveryCodes: 0 });
    });

    it('replaces recovery codes, uses each once, and never another user\'s', async () => {
      await factorsOf(given.ada.id).replaceRecoveryCodes([aCode(given.ada.id, 'a'.repeat(64)), aCode(given.ada.id, 'b'.repeat(64))]);
      await factorsOf(given.bob.id).replaceRecoveryCodes([aCode(given.bob.id, 'c'.repeat(64))]);
      expect(await factorsOf(given.bob.id).useRecoveryCode('a'.repeat(64))).to.equal(false);
      expect(await Promise.all([factorsOf(given.ada.id).useRecoveryCode('a'.repeat(64)), factorsOf(given.ada.id).useRecoveryCode('a'.repeat(64))])).to.have.members([true, false]);
      await factorsOf(given.ada.id).replaceRecoveryCodes([aCode(given.ada.id, 'd'.repeat(64))]);
      expect(await factorsOf(given.ada.id).useRecoveryCode('b'.repeat(64)), 'replaced codes are void').to.equal(false);
      expect((await factorsOf(given.ada.id).summary()).recoveryCodes).to.equal(1);
      expect(await factorsOf(given.ada.id).deleteRecoveryCodes()).to.equal(1);
      expect((await factorsOf(given.bob.id).summary()).recoveryCodes).to.equal(1);
    });

    it('summarises its own user\'s factors alike inside and outside a transaction, and counts a TOTP factor once confirmed', async () => {
      await factorsOf(given.ada.id).insertTotp(aTotp(given.ada.id, { confirmedAt: T0 }));
      await factorsOf(given.ada.id).insertPasskey(aPasskey(given.ada.id));
      await factorsOf(given.ada.id).insertPasskey(aPasskey(given.ada.id));
      await factorsOf(given.ada.id).replaceRecoveryCodes([aCode(given.ada.id, 'e'.repeat(64)), aCode(given.ada.id, 'f'.repeat(64)), aCode(given.ada.id, '1'.repeat(64))]);
      await factorsOf(given.bob.id).insertTotp(aTotp(given.bob.id));
      await factorsOf(given.bob.id).insertPasskey(aPasskey(given.bob.id));
      const ada = { totp: true, passkeys: 2, recoveryCodes: 3 };
      const bob = { totp: false, passkeys: 1, recoveryCodes: 0 };
      expect(await factorsOf(given.ada.id).summary()).to.deep.equal(ada);
      expect(await factorsOf(given.bob.id).summary()).to.deep.equal(bob);
      expect(await given.store.scopes.open(given.ada.id).transaction((tx) => tx.factors.summary())).to.deep.equal(ada);
      expect(await given.store.scopes.open(given.bob.id).transaction((tx) => tx.factors.summary())).to.deep.equal(bob);
    });

    it('counts refused second-factor proofs per user, and clears only its own user\'s count', async () => {
      const failure = (userId: UserId) => ({ id: uuidv7(), userId, createdAt: T0 });
      expect(await factorsOf(given.ada.id).countSecondFactorFailure(failure(given.ada.id))).to.equal(1);
      expect(await factorsOf(given.ada.id).countSecondFactorFailure(failure(given.ada.id))).to.equal(2);
      expect(await factorsOf(given.bob.id).countSecondFactorFailure(failure(given.bob.id))).to.equal(1);
      await factorsOf(given.bob.id).clearSecondFactorFailures();
      expect([await factorsOf(given.ada.id).countSecondFactorFailures(), await factorsOf(given.bob.id).countSecondFactorFailures()]).to.deep.equal([2, 0]);
      await given.store.scopes.open(given.ada.id).deleteUser();
      expect(await factorsOf(given.ada.id).countSecondFactorFailures(), 'they go with their user').to.equal(0);
    });

    it('counts pending-login attempts up to the limit, drops expired ones, and finds one by its secret hash', async () => {
      const stale = aPending(given.ada.id, { expiresAt: T0 });
      await factorsOf(given.ada.id).insertPendingLogin(stale);
      const pending = aPending(given.ada.id, { createdAt: T0 });
      await factorsOf(given.ada.id).insertPendingLogin(pending);
      expect(await given.store.auth.findPendingLoginBySecretHash(stale.secretHash), 'expired by the newer one\'s creation').to.equal(null);
      const counted = [];
      for (let i = 0; i < 4; i += 1) counted.push(await factorsOf(given.ada.id).countPendingLoginAttempt(pending.id, 3));
      expect(counted).to.deep.equal([true, true, true, false]);
      expect(await factorsOf(given.bob.id).countPendingLoginAttempt(pending.id, 3)).to.equal(false);
      expect(await given.store.auth.findPendingLoginBySecretHash(pending.secretHash)).to.deep.equal({ pending: { ...pending, attempts: 3 }, user: given.ada });
      expect(await factorsOf(given.bob.id).deletePendingLogin(pending.id)).to.equal(false);
      expect(await factorsOf(given.ada.id).deletePendingLogin(pending.id)).to.equal(true);
    });

    it('ends every pending login of its own user at once, and none of another user', async () => {
      const [first, second, theirs] = [aPending(given.ada.id), aPending(given.ada.id), aPending(given.bob.id)];
      for (const pending of [first, second]) await factorsOf(given.ada.id).insertPendingLogin(pending);
      await factorsOf(given.bob.id).insertPendingLogin(theirs);
      expect(await factorsOf(given.ada.id).deletePendingLogins()).to.equal(2);
      expect(await given.store.auth.findPendingLoginBySecretHash(first.secretHash)).to.equal(null);
      expect(await given.store.auth.findPendingLoginBySecretHash(theirs.secretHash)).to.deep.equal({ pending: theirs, user: given.bob });
    });

    it('takes a challenge once, for its binding and purpose only; a new one replaces the old', async () => {
      const session = aSession(given.ada.id);
      const challenge = (value: string): WebAuthnChallenge => ({ id: uuidv7(), userId: given.ada.id, boundTo: session.id, purpose: 'registration', challenge: value, expiresAt: later(300_000) });
      await factorsOf(given.ada.id).replaceChallenge(challenge('first'), T0);
      const second = challenge('second');
      await factorsOf(given.ada.id).replaceChallenge(second, T0);
      expect(await factorsOf(given.ada.id).takeChallenge(session.id, 'step_up')).to.equal(null);
      expect(await factorsOf(given.bob.id).takeChallenge(session.id, 'registration')).to.equal(null);
      expect(await factorsOf(given.ada.id).takeChallenge(session.id, 'registration')).to.deep.equal(second);
      expect(await factorsOf(given.ada.id).takeChallenge(session.id, 'registration')).to.equal(null);
    });

    it('takes a passwordless challenge once by its secret hash, and drops expired ones', async () => {
      const hash = 'e'.repeat(64);
      await given.store.auth.insertPasskeyLoginChallenge({ secretHash: 'f'.repeat(64), challenge: 'old', expiresAt: T0 }, T0);
      await given.store.auth.insertPasskeyLoginChallenge({ secretHash: hash, challenge: 'new', expiresAt: later(300_000) }, later(1));
      expect(await given.store.auth.takePasskeyLoginChallenge('f'.repeat(64))).to.equal(null);
      expect(await given.store.auth.takePasskeyLoginChallenge(hash)).to.deep.equal({ secretHash: hash, challenge: 'new', expiresAt: later(300_000) });
      expect(await given.store.auth.takePasskeyLoginChallenge(hash)).to.equal(null);
    });

    it('goes with its user', async () => {
      await factorsOf(given.ada.id).insertTotp(aTotp(given.ada.id));
      await factorsOf(given.ada.id).insertPasskey(aPasskey(given.ada.id));
      await factorsOf(given.ada.id).replaceRecoveryCodes([aCode(given.ada.id, 'a'.repeat(64))]);
      const pending = aPending(given.ada.id);
      await factorsOf(given.ada.id).insertPendingLogin(pending);
      await given.store.scopes.open(given.ada.id).deleteUser();
      expect(await given.store.auth.findPendingLoginBySecretHash(pending.secretHash)).to.equal(null);
      expect(await factorsOf(given.ada.id).summary()).to.deep.equal({ totp: false, passkeys: 0, recoveryCodes: 0 });
    });
  });
}
