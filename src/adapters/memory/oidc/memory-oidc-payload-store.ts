import type { Clock } from '../../../core/ports/clock.js';
import type { OidcPayload, OidcPayloadStore } from '../../../core/ports/oidc-store.js';
import { payloadRow, withConsumed, type OidcPayloadRow } from '../../oidc-payload-row.js';
import { payloadKey, type MemoryTables } from '../memory-tables.js';

const isLive = (row: OidcPayloadRow, now: Date): boolean => row.expiresAt === null || row.expiresAt.getTime() > now.getTime();

/** The payload store over a map; foreign keys and cascades as the database has them. */
export class MemoryOidcPayloadStore implements OidcPayloadStore {
  constructor(
    private readonly tables: MemoryTables,
    private readonly clock: Clock,
  ) {}

  async upsert(model: string, id: string, payload: OidcPayload, expiresAt: Date | null): Promise<void> {
    const row = payloadRow(model, id, payload, expiresAt, this.clock.now());
    if (row.accountId !== null && !this.tables.users.has(row.accountId)) throw new Error('FOREIGN KEY constraint failed');
    if (row.clientId !== null && !this.tables.oidcClients.has(row.clientId)) throw new Error('FOREIGN KEY constraint failed');
    const existing = this.tables.oidcPayloads.get(payloadKey(model, id));
    const consumedAt = 'consumed' in payload ? row.consumedAt : (existing?.consumedAt ?? null);
    this.tables.oidcPayloads.set(payloadKey(model, id), { ...row, consumedAt, createdAt: existing?.createdAt ?? row.createdAt });
  }

  async find(model: string, id: string): Promise<OidcPayload | null> {
    return this.answer(this.tables.oidcPayloads.get(payloadKey(model, id)));
  }

  async findByUid(model: string, uid: string): Promise<OidcPayload | null> {
    return this.answer(this.liveRows().find((row) => row.model === model && row.uid === uid));
  }

  async findByUserCode(model: string, userCode: string): Promise<OidcPayload | null> {
    return this.answer(this.liveRows().find((row) => row.model === model && row.userCode === userCode));
  }

  async consume(model: string, id: string, at: Date): Promise<boolean> {
    const row = this.tables.oidcPayloads.get(payloadKey(model, id));
    if (!row || row.consumedAt !== null || !isLive(row, at)) return false;
    row.consumedAt = new Date(at.getTime());
    return true;
  }

  async destroy(model: string, id: string): Promise<void> {
    this.tables.oidcPayloads.delete(payloadKey(model, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, row] of this.tables.oidcPayloads) if (row.grantId === grantId) this.tables.oidcPayloads.delete(key);
  }

  async purgeExpired(now: Date): Promise<number> {
    const doomed = [...this.tables.oidcPayloads].filter(([, row]) => !isLive(row, now));
    for (const [key] of doomed) this.tables.oidcPayloads.delete(key);
    return doomed.length;
  }

  private liveRows(): OidcPayloadRow[] {
    const now = this.clock.now();
    return [...this.tables.oidcPayloads.values()].filter((row) => isLive(row, now));
  }

  private answer(row: OidcPayloadRow | undefined): OidcPayload | null {
    if (!row || !isLive(row, this.clock.now())) return null;
    return withConsumed(JSON.parse(row.payload) as OidcPayload, row.consumedAt);
  }
}
