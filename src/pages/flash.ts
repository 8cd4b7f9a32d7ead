import type { Request, Response } from 'express';
import type { Config } from '../config/config.js';
import type { Clock } from '../core/ports/clock.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { readCookie } from '../web/cookies/cookie-value.js';

/**
 * What a page shows once after its redirect (Post/Redirect/Get): a notice, or a secret the user
 * must copy now (an API token, recovery codes, an invite link, a new TOTP key). It travels in a
 * cookie sealed with the service key and bound to the user, read once and expired on that read:
 * no secret is kept on the server, none appears in a URL, another user's cookie never opens. The
 * sealed value carries its own expiry: Max-Age only asks the browser, and a copied value replayed
 * later must show nothing.
 */
export type Flash =
  | { kind: 'notice'; key: string }
  | { kind: 'token'; secret: string }
  | { kind: 'recovery_codes'; codes: string[]; notice?: string }
  | { kind: 'totp'; secret: string; uri: string }
  | { kind: 'invite'; link: string }
  | { kind: 'user_recovery'; code: string; expiresAt: string; email?: string }
  | { kind: 'client_secret'; clientId: string; secret: string }
  /** A form that carried a password, to show again after the confirm page: its other fields (§15 rule 9). */
  | { kind: 'again'; form: string; values: Record<string, string> };

const MAX_AGE_SECONDS = 300;

/** What is sealed: the flash and the instant (epoch ms) it stops opening. */
interface Sealed {
  flash: Flash;
  expiresAt: number;
}

const unsealed = (plaintext: string, now: Date): Flash | null => {
  try {
    const { flash, expiresAt } = JSON.parse(plaintext) as Partial<Sealed>;
    return typeof expiresAt === 'number' && now.getTime() < expiresAt && flash ? flash : null;
  } catch {
    return null;
  }
};

export interface FlashCookie {
  set(res: Response, userId: string, flash: Flash): void;
  /** The flash for this user, if one came along; it is expired in the same response. */
  take(req: Request, res: Response, userId: string): Flash | null;
}

export const createFlashCookie = (config: Pick<Config, 'environment'>, box: SecretBox, clock: Clock): FlashCookie => {
  const production = config.environment === 'production';
  // Path=/gatehouse: no API request carries it; SameSite=Strict: no other site's link brings it back.
  const name = production ? '__Secure-gh_flash' : 'gh_flash';
  const attributes = (maxAge: number): string => `HttpOnly; SameSite=Strict; Path=/gatehouse; Max-Age=${maxAge}${production ? '; Secure' : ''}`;
  const context = (userId: string): string => `page-flash:${userId}`;
  return {
    set: (res, userId, flash) => {
      const sealed: Sealed = { flash, expiresAt: clock.now().getTime() + MAX_AGE_SECONDS * 1000 };
      res.append('Set-Cookie', `${name}=${box.seal(JSON.stringify(sealed), context(userId))}; ${attributes(MAX_AGE_SECONDS)}`);
    },
    take: (req, res, userId) => {
      const sealed = readCookie(req, name);
      if (sealed === null) return null;
      res.append('Set-Cookie', `${name}=; ${attributes(0)}`);
      const opened = box.open(sealed, context(userId));
      return opened ? unsealed(opened.plaintext, clock.now()) : null;
    },
  };
};
