import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Json = Record<string, unknown>;
interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const uint32 = (value: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};
// Flags: UP (user present) 0x01, UV (user verified) 0x04, AT (attested credential data) 0x40.
const UP_UV = 0x05;

/** The P-256 public key as a COSE_Key (EC2, ES256), as an authenticator reports it. */
const coseKey = (publicKey: KeyObject): Uint8Array => {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(x!, 'base64url')], [-3, Buffer.from(y!, 'base64url')]]));
};

/**
 * A software authenticator for specs: 'none' attestation, ES256, a counter per credential. It
 * answers what a browser's navigator.credentials would, as the JSON the server receives, so the
 * server's real verification (signature, origin, challenge, counter) runs on every response.
 */
export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create() for these creation options. */
  register(options: Json): Json {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = { id: randomBytes(16), privateKey, rpId: rp.id, userHandle: user.id, counter: 0 };
    this.credentials.push(credential);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([sha256(rp.id), Buffer.from([UP_UV | 0x40]), uint32(0), Buffer.alloc(16), idLength, credential.id, coseKey(publicKey)]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): the first allowed credential, or (discoverable) the newest for the relying party. */
  assert(options: Json, overrides: { origin?: string; challenge?: string } = {}): Json {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const credential = [...this.credentials].reverse().find((c) => c.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64(c.id))));
    if (!credential) throw new Error('no credential for these options');
    credential.counter += 1;
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge: overrides.challenge ?? options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([UP_UV]), uint32(credential.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64(Buffer.from(clientData)), authenticatorData: b64(authData), signature: b64(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
    };
  }

  /** Rolls a credential's counter back, as a cloned authenticator would show. */
  rewindCounter(): void {
    for (const credential of this.credentials) credential.counter = 0;
  }
}
