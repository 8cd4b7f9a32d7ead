import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

// The OpenID provider's bearer values at rest: oidc_payloads kept codes, tokens, session and
// interaction ids and user codes in the clear. Each row is rewritten as the store now keeps it, so
// nobody is signed out: id, uid and user_code become their SHA-256 (lowercase hex), and the payload
// loses its own key (jti, an interaction's returnTo ends with it, stood for by U+0001), its user code
// and an interaction's copy of the session cookie. Frozen history: the rules are restated here.
// Down cannot recover a value from its hash: it deletes the provider's rows (everyone signs in
// again at the applications, and remembered consents are asked again).
const OWN_KEY = '\u0001';

const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

interface ClearRow {
  model: string;
  id: string;
  uid: string | null;
  user_code: string | null;
  payload: string;
}

const masked = (value: unknown, key: string): unknown => {
  if (typeof value !== 'string') return value;
  if (value === key) return OWN_KEY;
  return value.endsWith(`/${key}`) ? `${value.slice(0, -key.length)}${OWN_KEY}` : value;
};

const storedPayload = ({ model, id, payload }: ClearRow): string => {
  const { userCode: _userCode, ...kept } = JSON.parse(payload) as Record<string, unknown>;
  const stored: Record<string, unknown> = Object.fromEntries(Object.entries(kept).map(([field, value]) => [field, masked(value, id)]));
  const session = stored.session;
  if (model === 'Interaction' && typeof session === 'object' && session !== null && !Array.isArray(session)) {
    const { cookie: _cookie, ...rest } = session as Record<string, unknown>;
    stored.session = rest;
  }
  return JSON.stringify(stored);
};

export async function up(knex: Knex): Promise<void> {
  const rows = (await knex('oidc_payloads').select('model', 'id', 'uid', 'user_code', 'payload')) as ClearRow[];
  for (const row of rows) {
    await knex('oidc_payloads')
      .where({ model: row.model, id: row.id })
      .update({
        id: sha256Hex(row.id),
        uid: row.uid === null ? null : sha256Hex(row.uid),
        user_code: row.user_code === null ? null : sha256Hex(row.user_code),
        payload: storedPayload(row),
      });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('oidc_payloads').delete();
}
