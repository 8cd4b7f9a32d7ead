import { timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../adapters/aes-gcm-secret-box.js';
import { IMPLIED_CONSENT } from './oidc-settings.js';

/**
 * The value of Gatehouse's mark of an implied consent (IMPLIED_CONSENT). The router strips a mark
 * a client sends in the query, but it cannot rewrite a POSTed authorization's body, which
 * oidc-provider reads itself: with a fixed value such as '1', a client could send the mark beside
 * its own prompt=consent there and skip the consent it asked for. Derived from the service key, the
 * mark is one no client can write; every instance of a deployment shares the key, so an
 * authorization resumed on another instance still reads it. After a key rotation an authorization
 * begun before it only asks again.
 */
export const impliedConsentMark = (secretKey: string): string => deriveKey(secretKey, 'gatehouse oidc-implied-consent v1').bytes.toString('base64url');

/** Whether an authorization's parameters carry Gatehouse's own mark, and not a value someone else wrote. */
export const carriesImpliedConsent = (params: Readonly<Record<string, unknown>> | undefined, mark: string): boolean => {
  const value = params?.[IMPLIED_CONSENT];
  if (typeof value !== 'string') return false;
  const [given, expected] = [Buffer.from(value), Buffer.from(mark)];
  return given.length === expected.length && timingSafeEqual(given, expected);
};
