import * as OTPAuth from 'otpauth';
import type { Totp } from '../core/ports/totp.js';

const PERIOD_SECONDS = 30;
const parameters = { algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS } as const;

/** RFC 6238 by the otpauth library; the secret comes from node's CSPRNG through OTPAuth.Secret. */
export class OtpauthTotp implements Totp {
  newSecret(): string {
    return new OTPAuth.Secret({ size: 20 }).base32; // 160 bits (RFC 4226's recommended length)
  }

  matchStep(secret: string, code: string, now: Date): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const totp = new OTPAuth.TOTP({ ...parameters, secret: OTPAuth.Secret.fromBase32(secret) });
    const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
    return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  }
}
