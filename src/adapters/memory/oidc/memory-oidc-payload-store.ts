import type { Clock } from '../../../core/ports/clock.js';
import type { OidcPayload, OidcPayloadStore, OidcPayloadWrite } from '../../../core/ports/oidc-store.js';
import { payloadRow, withConsumed, type OidcPayloadRow } from '../../oidc-payload-row.js';
import { keyHashOf, presentedPayload, type Presented } from '../../oidc-stored-payload.js';
import { payloadKey, type MemoryTables } from '../memory-tables.js';

const isLive = (row: OidcPayloadRow, now: Date): boolean => row.expiresAt === null || row.expiresAt.getTime() > now.getTime();

/** The payload store over a map keyed by (model, SHA-256 of the id); foreign keys and cascades as the database has them. */
export class MemoryOidcPayloadStore implements OidcPayloadStore {
  constructor(
    private readonly tables: MemoryTables,
    private readonly clock: Clock,
  ) {}

  async upsert(model: string, id: string, payload: OidcPayload, expiresAt: Date | null): Promise<void> {
    this.put(model, this.checkedRow(model, id, payload, expiresAt), payload);
  }

  private checkedRow(model: string, id: string, payload: OidcPayload, expiresAt: Date | null): OidcPayloadRow {
    const row = payloadRow(model, id, payload, expiresAt, this.clock.now());
    if (row.accountId !== null && !this.tables.users.has(row.accountId)) throw new Error('FOREIGN KEY constraint failed');
    if (row.clientId !== null && !this.tables.oidcClients.has(row.clientId)) throw new Error('FOREIGN KEY constraint failed');
    return row;
  }

  private put(model: string, row: OidcPayloadRow, payload: OidcPayload): void {
    const existing = this.tables.oidcPayloads.get(payloadKey(model, row.id));
    const consumedAt = 'consumed' in payload ? row.consumedAt : (existing?.consumedAt ?? null);
    const userCode = row.userCode ?? existing?.userCode ?? null;
    this.tables.oidcPayloads.set(payloadKey(model, row.id), { ...row, consumedAt, userCode, createdAt: existing?.createdAt ?? row.createdAt });
  }

  async find(model: string, id: string): Promise<OidcPayload | null> {
    return this.answer(this.tables.oidcPayloads.get(payloadKey(model, keyHashOf(id))), { key: id });
  }

  async findByUid(model: string, uid: string): Promise<OidcPayload | null> {
    const hash = keyHashOf(uid);
    return this.answer(this.liveRows().find((row) => row.model === model && row.uid === hash), {});
  }

  async findByUserCode(model: string, userCode: string): Promise<OidcPayload | null> {
    const hash = keyHashOf(userCode);
    return this.answer(this.liveRows().find((row) => row.model === model && row.userCode === hash), { userCode });
  }

  async consume(model: string, id: string, at: Date): Promise<boolean> {
    const row = this.tables.oidcPayloads.get(payloadKey(model, keyHashOf(id)));
    if (!row || row.consumedAt !== null || !isLive(row, at)) return false;
    row.consumedAt = new Date(at.getTime());
    return true;
  }

  async consumeAndUpsert(model: string, id: string, at: Date, writes: readonly OidcPayloadWrite[]): Promise<boolean> {
    const row = this.tables.oidcPayloads.get(payloadKey(model, keyHashOf(id)));
    if (!row || row.consumedAt !== null || !isLive(row, at)) return false;
    // The database checks every write before it commits any: a foreign key refused leaves the token unspent.
    const checked = writes.map((write) => this.checkedRow(write.model, write.id, write.payload, write.expiresAt));
    row.consumedAt = new Date(at.getTime());
    for (const [i, write] of writes.entries()) this.put(write.model, checked[i]!, write.payload);
    return true;
  }

  async destroy(model: string, id: string): Promise<void> {
    this.tables.oidcPayloads.delete(payloadKey(model, keyHashOf(id)));
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

  private answer(row: OidcPayloadRow | undefined, presented: Presented): OidcPayload | null {
    if (!row || !isLive(row, this.clock.now())) return null;
    return withConsumed(presentedPayload(row.payload, presented), row.consumedAt);
  }
}
