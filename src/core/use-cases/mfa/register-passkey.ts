import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { PASSKEY_LIMIT, type Passkey } from '../../domain/second-factor.js';
import { isChallengeLive } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { newPasskeyRules, parse } from '../../rules.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { rotatedProof } from '../step-up/rotated-proof.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { toPasskeyView } from '../to-views.js';
import { trailEvent } from '../trail-event.js';
import type { PasskeyView, SessionGrant } from '../views.js';

export type RegisterPasskey = (principal: Principal, input: unknown) => Promise<{ passkey: PasskeyView; recoveryCodes: string[] | null; session: SessionGrant }>;

/**
 * The attestation of the challenge this session was given (taken, so it works once). In one
 * transaction: the passkey, the recovery codes if it is the first factor, the end of every other
 * session, and the current one proved with a second factor and its secret rotated.
 */
export const makeRegisterPasskey =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'secrets' | 'webauthn'>): RegisterPasskey =>
  async (principal, input) => {
    const { sessionId, expiresAt } = requireSession(principal);
    const scope = deps.scopes.open(principal.userId);
    // Checked again at the last step: the options' proof may have aged, or been taken by another factor.
    // Before the input: the page's script, refused by the options for a stale proof, posts the name
    // alone, so that the detour keeps it (§15 rule 9).
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const body = parse<{ name: string; response: unknown }>(newPasskeyRules, input);
    const challenge = await scope.factors.takeChallenge(sessionId, 'registration');
    const verified = challenge && isChallengeLive(challenge, deps.clock.now()) ? await deps.webauthn.verifyRegistration(body.response, challenge.challenge) : null;
    if (!verified) throw new DomainError('webauthn_failed');
    const now = deps.clock.now();
    const passkey: Passkey = {
      id: deps.ids.next(),
      userId: scope.userId,
      name: body.name,
      credentialId: verified.credentialId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: verified.transports.join(','),
      createdAt: now,
      lastUsedAt: null,
    };
    const rotation = rotatedProof(deps, expiresAt);
    const codes = await scope.transaction(async (tx) => {
      if ((await tx.factors.listPasskeys()).length >= PASSKEY_LIMIT) throw new DomainError('passkey_limit');
      const first = !(await tx.hasSecondFactor());
      // A credential already registered (here or to anyone) is a replayed or forged response.
      if (!(await tx.factors.insertPasskey(passkey))) throw new DomainError('webauthn_failed');
      const issued = first ? newRecoveryCodes(deps, tx.userId) : null;
      if (issued) await tx.factors.replaceRecoveryCodes(issued.records);
      await tx.deleteSessionsExcept(sessionId);
      await tx.proveSession(sessionId, rotation.proof);
      await tx.recordEvent(trailEvent(deps, 'passkey_added', principal.context, { targetId: passkey.id }));
      return issued?.codes ?? null;
    });
    return { passkey: toPasskeyView(passkey), recoveryCodes: codes, session: rotation.grant };
  };
