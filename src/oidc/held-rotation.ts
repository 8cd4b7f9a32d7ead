import Provider, { errors } from 'oidc-provider';
import type { OidcPayloadStore, OidcPayloadWrite } from '../core/ports/oidc-store.js';

/** A refresh token consumed at the token endpoint, and what has been saved since. */
interface Rotation {
  id: string;
  at: Date;
  writes: OidcPayloadWrite[];
}

/** Keyed by the request (oidc-provider runs each in its AsyncLocalStorage: Provider.ctx). */
const held = new WeakMap<object, Rotation>();

/**
 * A refresh writes three rows — the old refresh token consumed, the new one, the access token —
 * which would be three commits, each a sync of the disk on SQLite. Here they are one
 * (consumeAndUpsert, decision 0037): the consume is held until the access token is saved, the
 * refresh grant's last write, and then all three commit together, or none when another request
 * consumed the token first (invalid_grant, as the consume itself would have answered). Any other
 * storage call of the request settles what is held first, so the request reads its own writes.
 * A request that fails before its access token leaves the refresh token unspent.
 */
export const heldRotation = (payloads: OidcPayloadStore) => {
  const settle = async (ctx: object): Promise<void> => {
    const rotation = held.get(ctx);
    if (!rotation) return;
    held.delete(ctx);
    if (!(await payloads.consumeAndUpsert('RefreshToken', rotation.id, rotation.at, rotation.writes))) throw new errors.InvalidGrant('token already consumed');
  };
  return {
    /** A refresh token's consume during a request: held (true), to commit with the writes that follow it. */
    hold(model: string, id: string, at: Date): boolean {
      const ctx = Provider.ctx;
      if (model !== 'RefreshToken' || !ctx || held.has(ctx)) return false;
      held.set(ctx, { id, at, writes: [] });
      return true;
    },
    /** A write while a rotation is held: kept with it, and the access token commits them all. False when nothing is held. */
    async write(write: OidcPayloadWrite): Promise<boolean> {
      const ctx = Provider.ctx;
      const rotation = ctx && held.get(ctx);
      if (!ctx || !rotation) return false;
      rotation.writes.push(write);
      if (write.model === 'AccessToken') await settle(ctx);
      return true;
    },
    /** Before any other storage call of the request. */
    settle: async (): Promise<void> => {
      const ctx = Provider.ctx;
      if (ctx) await settle(ctx);
    },
  };
};
