import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Ceremony, CredentialDescriptor, JsonObject, VerifiedCredential, WebAuthn } from '../core/ports/webauthn.js';

const TIMEOUT_MS = 5 * 60_000; // the challenge's own lifetime
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const toJson = (value: object): JsonObject => JSON.parse(JSON.stringify(value)) as JsonObject;
// The browser names the transports (the client writes them): only the known ones are kept, so the
// stored list stays within its column (255 characters) whatever a client sends.
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const knownTransports = (transports: readonly string[] = []): string[] =>
  [...new Set(transports.filter((transport) => KNOWN_TRANSPORTS.has(transport)))];
/**
 * COSE algorithms offered, in order of preference: EdDSA (-8) and ES256 (-7) first (ASVS 11.6.1);
 * RS256 (-257) last, only because Windows Hello's TPM-backed keys are RSA (docs/security.md).
 */
export const PASSKEY_ALGORITHMS: readonly number[] = [-8, -7, -257];
const descriptor = (credential: CredentialDescriptor) => ({ id: credential.credentialId, transports: credential.transports });

// Loaded on the first passkey ceremony: the library and its ASN.1 stack hold ~20 MB of a process's
// memory, which a service whose users never use passkeys need not pay.
let loaded: Promise<typeof import('@simplewebauthn/server')> | null = null;
const library = () => (loaded ??= import('@simplewebauthn/server'));

/** Runs a verification; any throw (a malformed response, a wrong signature, origin or challenge) is a plain refusal. */
const refusedOnThrow = async <T>(verify: () => Promise<T | null>): Promise<T | null> => {
  try {
    return await verify();
  } catch {
    return null;
  }
};

/**
 * WebAuthn by @simplewebauthn/server for one relying party: id = the host of the public URL,
 * expected origin = its origin (docs/security.md). Attestation `none`; resident key and user
 * verification preferred; the signature counter is checked by the library.
 */
export class SimpleWebAuthn implements WebAuthn {
  private readonly rpID: string;

  constructor(private readonly origin: string) {
    this.rpID = new URL(origin).hostname;
  }

  async registrationOptions(user: { id: string; email: string; displayName: string }, exclude: CredentialDescriptor[]): Promise<Ceremony> {
    const { generateRegistrationOptions } = await library();
    const options = await generateRegistrationOptions({
      rpName: 'Gatehouse',
      rpID: this.rpID,
      userID: new TextEncoder().encode(user.id),
      userName: user.email,
      userDisplayName: user.displayName,
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: exclude.map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
    });
    return { options: toJson(options), challenge: options.challenge };
  }

  async verifyRegistration(response: unknown, challenge: string): Promise<VerifiedCredential | null> {
    const { verifyRegistrationResponse } = await library(); // outside: a library that cannot load is no refusal
    return refusedOnThrow(async () => {
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
      });
      if (!verified) return null;
      const { credential } = registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(credential.transports),
      };
    });
  }

  async authenticationOptions(allow: CredentialDescriptor[]): Promise<Ceremony> {
    const { generateAuthenticationOptions } = await library();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      timeout: TIMEOUT_MS,
      allowCredentials: allow.map(descriptor),
      userVerification: allow.length === 0 ? 'required' : 'preferred',
    });
    return { options: toJson(options), challenge: options.challenge };
  }

  credentialIdOf(response: unknown): string | null {
    if (!isObject(response)) return null;
    const { id, rawId } = response;
    return typeof id === 'string' && id.length > 0 && id.length <= 1400 && id === rawId ? id : null;
  }

  async verifyAuthentication(response: unknown, challenge: string, credential: VerifiedCredential, userVerification: 'preferred' | 'required') {
    const { verifyAuthenticationResponse } = await library();
    return refusedOnThrow(async () => {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: userVerification === 'required',
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          transports: credential.transports,
        },
      });
      if (!verified) return null;
      const handle = (response as AuthenticationResponseJSON).response.userHandle;
      return { counter: authenticationInfo.newCounter, userHandle: handle ? Buffer.from(handle, 'base64url').toString('utf8') : null };
    });
  }
}
