import type { Passkey } from '../../domain/second-factor.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import type { VerifiedCredential } from '../../ports/webauthn.js';

export const credentialOf = (passkey: Passkey): VerifiedCredential => ({
  credentialId: passkey.credentialId,
  publicKey: passkey.publicKey,
  counter: passkey.counter,
  transports: passkey.transports === '' ? [] : passkey.transports.split(','),
});

/**
 * The user's passkey that signed this assertion of `challenge`, with its counter moved on; null
 * when the response names none of the user's passkeys or does not verify.
 */
export const provePasskey = async (
  deps: Pick<Ports, 'webauthn' | 'clock'>,
  scope: UserScope,
  response: unknown,
  challenge: string,
  userVerification: 'preferred' | 'required',
): Promise<Passkey | null> => {
  const credentialId = deps.webauthn.credentialIdOf(response);
  const passkey = credentialId === null ? null : await scope.factors.findPasskeyByCredentialId(credentialId);
  if (!passkey) return null;
  const verified = await deps.webauthn.verifyAuthentication(response, challenge, credentialOf(passkey), userVerification);
  if (!verified) return null;
  await scope.factors.touchPasskey(passkey.id, verified.counter, deps.clock.now());
  return passkey;
};
