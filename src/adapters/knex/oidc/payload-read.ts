import type { OidcPayload } from '../../../core/ports/oidc-store.js';
import { OIDC_PAYLOADS } from '../models/index.js';
import { projectionOf } from '../models/model.js';
import { fromRow, type StoredRow } from '../row-mapping.js';
import { withConsumed } from '../../oidc-payload-row.js';
import { presentedPayload, type Presented } from '../../oidc-stored-payload.js';

const PAYLOAD_READ = projectionOf(OIDC_PAYLOADS, ['payload', 'consumedAt']);

/** A read's `payload` and `consumed_at` (under `prefix` in a join) as the payload store's find answers them; null for no row. */
export const payloadOfRow = (row: StoredRow | undefined, presented: Presented, prefix = ''): OidcPayload | null => {
  if (!row || row[`${prefix}payload`] === null || row[`${prefix}payload`] === undefined) return null;
  const { payload, consumedAt } = fromRow(PAYLOAD_READ, row, prefix);
  return withConsumed(presentedPayload(payload, presented), consumedAt);
};
