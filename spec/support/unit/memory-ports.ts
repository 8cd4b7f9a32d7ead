import { NO_BACKCHANNEL } from '../../../src/core/ports/backchannel-logout.js';
import { passwordBlocklistFor } from '../../../src/adapters/blocklist/password-blocklist-for.js';
import { AesGcmSecretBox } from '../../../src/adapters/aes-gcm-secret-box.js';
import { CryptoSecretGenerator } from '../../../src/adapters/crypto-secret-generator.js';
import { MemoryAttemptThrottle } from '../../../src/adapters/memory/memory-attempt-throttle.js';
import { withSecurityLog } from '../../../src/adapters/logged-trail.js';
import { MemorySecurityLog } from '../../../src/adapters/memory/memory-security-log.js';
import { createMemoryStore } from '../../../src/adapters/memory/memory-store.js';
import { OtpauthTotp } from '../../../src/adapters/otpauth-totp.js';
import { SimpleWebAuthn } from '../../../src/adapters/simple-webauthn.js';
import type { ThrottleLimits } from '../../../src/core/domain/throttle.js';
import type { Ports } from '../../../src/core/ports/ports.js';
import type { AccessDoor, AccessMeter } from '../../../src/core/ports/access-lookups.js';
import { makeUseCases } from '../../../src/core/use-cases/make-use-cases.js';
import type { UseCases } from '../../../src/core/use-cases/use-cases.js';
import { CountingHasher } from './counting-hasher.js';
import { FixedClock } from './fixed-clock.js';
import { SequentialIds } from './sequential-ids.js';

export interface MemoryWorld {
  ports: Ports;
  useCases: UseCases;
  clock: FixedClock;
  hasher: CountingHasher;
  log: MemorySecurityLog;
  decisions: CountingMeter;
}

/** The access-decision metric as a list a spec can read. */
export class CountingMeter implements AccessMeter {
  readonly counted: string[] = [];
  count(door: AccessDoor, outcome: string): void {
    this.counted.push(`${door}:${outcome}`);
  }
}

/**
 * Use cases on the memory adapters, a fixed clock and a cheap hasher: fast and exact. The password
 * blocklist is the real bundled one (held in memory once loaded), with the given context words.
 */
export const memoryWorld = (hasher = new CountingHasher(), limits?: ThrottleLimits, contextWords: string[] = []): MemoryWorld => {
  const clock = new FixedClock();
  const log = new MemorySecurityLog();
  const store = createMemoryStore(clock);
  const decisions = new CountingMeter();
  const ports: Ports = {
    ...store,
    ...withSecurityLog(store, log),
    hasher,
    blocklist: passwordBlocklistFor({ passwordContextWords: contextWords, pwnedPasswordsPath: null }),
    secrets: new CryptoSecretGenerator(),
    ids: new SequentialIds(),
    clock,
    throttle: new MemoryAttemptThrottle(),
    log,
    totp: new OtpauthTotp(),
    secretBox: new AesGcmSecretBox(UNIT_SECRET_KEY),
    webauthn: new SimpleWebAuthn(UNIT_ORIGIN),
    accessMeter: decisions,
    backchannel: NO_BACKCHANNEL,
  };
  return { ports, useCases: makeUseCases(ports, limits), clock, hasher, log, decisions };
};

export const PASSWORD = 'correct horse battery staple';
export const UNIT_SECRET_KEY = 'unit-spec-secret-key-0123456789abcdef';
export const UNIT_ORIGIN = 'https://gatehouse.test';
export const CONTEXT = { userAgent: 'spec', clientAddress: '127.0.0.1' };
/** A login or registration that brings no earlier session cookie along. */
export const SIGN_IN = { ...CONTEXT, presentedSessionToken: null };

/** An admin, an invite of theirs, and a registered member with a session. */
export const seedMember = async (world: MemoryWorld, email = 'member@example.com') => {
  await world.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD }).catch(() => undefined);
  const { code } = await world.useCases.createInviteAsOperator('root@example.com', {});
  const registered = await world.useCases.registerWithInvite(
    { invite_code: code, email, password: PASSWORD, display_name: 'Member' },
    SIGN_IN,
  );
  const auth = await world.useCases.authenticateSession(registered.session.token, CONTEXT);
  return { ...registered, principal: auth.principal };
};
