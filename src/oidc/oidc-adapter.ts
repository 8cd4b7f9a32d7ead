import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { OidcClientLookup, OidcPayloadStore } from '../core/ports/oidc-store.js';
import { clientMetadataOf } from './client-metadata.js';
import type { DeviceCodeSeal } from './sealed-device-code.js';
import { heldRotation } from './held-rotation.js';

/** A rotated refresh token presented again this soon is a race between two refreshes, not a theft. */
export const REFRESH_REUSE_WINDOW_SECONDS = 30;

export interface AdapterDeps {
  payloads: OidcPayloadStore;
  clients: OidcClientLookup;
  /** Epoch milliseconds; the service clock, which specs may move. */
  now(): number;
  /** Seals a device code's own key into its payload (sealed-device-code.ts). */
  deviceCodes: DeviceCodeSeal;
}

/**
 * oidc-provider's storage over the service's ports: every instance shares codes, tokens, grants and
 * sessions through the database. `Client` reads the admin's client registry. Consumption is
 * conditional in the store: of two requests racing with one code or refresh token, one wins and
 * the other is refused with invalid_grant; a code's loser also revokes what the grant issued.
 */
export const adapterFactory = (deps: AdapterDeps) => {
  const rotation = heldRotation(deps.payloads);
  return class GatehouseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(deps.now() + expiresIn * 1000) : null;
      const stored = (this.model === 'DeviceCode' ? deps.deviceCodes.seal(id, payload) : payload) as Record<string, unknown>;
      if (await rotation.write({ model: this.model, id, payload: stored, expiresAt })) return;
      await deps.payloads.upsert(this.model, id, stored, expiresAt);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      await rotation.settle();
      if (this.model === 'Client') {
        const client = await deps.clients.find(id);
        return client ? (clientMetadataOf(client) as AdapterPayload) : undefined;
      }
      const payload = (await deps.payloads.find(this.model, id)) as AdapterPayload | null;
      if (!payload) return undefined;
      if (this.model === 'DeviceCode') return deps.deviceCodes.open(payload);
      // Rotated within the window: not found (invalid_grant) rather than consumed (which revokes the grant).
      if (this.model === 'RefreshToken' && typeof payload.consumed === 'number' && deps.now() / 1000 - payload.consumed < REFRESH_REUSE_WINDOW_SECONDS) return undefined;
      return payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      await rotation.settle();
      return ((await deps.payloads.findByUid(this.model, uid)) as AdapterPayload | null) ?? undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      await rotation.settle();
      const payload = (await deps.payloads.findByUserCode(this.model, userCode)) as AdapterPayload | null;
      return payload ? deps.deviceCodes.open(payload) : undefined;
    }

    async consume(id: string): Promise<void> {
      if (rotation.hold(this.model, id, new Date(deps.now()))) return;
      await rotation.settle();
      if (await deps.payloads.consume(this.model, id, new Date(deps.now()))) return;
      if (this.model === 'AuthorizationCode') {
        const code = await deps.payloads.find(this.model, id);
        if (code && typeof code.grantId === 'string') await deps.payloads.revokeByGrantId(code.grantId);
      }
      throw new errors.InvalidGrant(`${this.model === 'AuthorizationCode' ? 'authorization code' : 'token'} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await rotation.settle();
      await deps.payloads.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await rotation.settle();
      await deps.payloads.revokeByGrantId(grantId);
    }
  };
};
