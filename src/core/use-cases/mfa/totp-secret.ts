import type { TotpFactor } from '../../domain/second-factor.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';

/** Bound into the ciphertext: a sealed secret copied onto another user's row does not open there. */
export const totpSecretContext = (userId: UserId): string => `totp-secret:${userId}`;

export const sealTotpSecret = (deps: Pick<Ports, 'secretBox'>, userId: UserId, secret: string): string =>
  deps.secretBox.seal(secret, totpSecretContext(userId));

/**
 * The factor's secret, or null when no configured key opens it (SERVICE_SECRET_KEY replaced without
 * SERVICE_SECRET_KEY_PREVIOUS): the code then simply does not verify. A secret the previous key
 * sealed is sealed again under the current one as it is used (key rotation).
 */
export const openTotpSecret = async (deps: Pick<Ports, 'secretBox'>, scope: UserScope, factor: TotpFactor): Promise<string | null> => {
  const opened = deps.secretBox.open(factor.sealedSecret, totpSecretContext(scope.userId));
  if (!opened) return null;
  if (opened.resealed !== null) await scope.factors.resealTotp(opened.resealed);
  return opened.plaintext;
};

/** docs/security.md's provisioning URI, in its order; the email is escaped only where a URI needs it. */
export const otpauthUri = (secret: string, email: string): string => {
  const label = encodeURIComponent(email).replaceAll('%40', '@');
  return `otpauth://totp/Gatehouse:${label}?secret=${secret}&issuer=Gatehouse&algorithm=SHA1&digits=6&period=30`;
};
