/** A JSON object as the browser's WebAuthn calls expect it; the core passes it on unread. */
export type JsonObject = Record<string, unknown>;

export interface CredentialDescriptor {
  credentialId: string;
  transports: string[];
}

export interface VerifiedCredential extends CredentialDescriptor {
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
}

export interface Ceremony {
  options: JsonObject;
  /** What the response must sign; stored server-side, single-use. */
  challenge: string;
}

/**
 * WebAuthn for the relying party the configuration names (id = host of the public URL, origin =
 * its origin). Every verification answers null rather than throwing on a response that does not
 * verify, whatever is wrong with it.
 */
export interface WebAuthn {
  registrationOptions(user: { id: string; email: string; displayName: string }, exclude: CredentialDescriptor[]): Promise<Ceremony>;
  verifyRegistration(response: unknown, challenge: string): Promise<VerifiedCredential | null>;
  /** An empty `allow` asks for a discoverable credential (passwordless), with user verification required. */
  authenticationOptions(allow: CredentialDescriptor[]): Promise<Ceremony>;
  /** The credential id a response names, so its passkey can be found; null when it names none. */
  credentialIdOf(response: unknown): string | null;
  /** The new signature counter and the user handle the authenticator returned (null if none). */
  verifyAuthentication(
    response: unknown,
    challenge: string,
    credential: VerifiedCredential,
    userVerification: 'preferred' | 'required',
  ): Promise<{ counter: number; userHandle: string | null } | null>;
}
