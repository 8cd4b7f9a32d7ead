import type { Knex } from 'knex';
import type { ForwardAuthRule } from '../../../core/domain/forward-auth-rule.js';
import type { ForwardAuthRuleStore } from '../../../core/ports/forward-auth-rule-store.js';
import { engineOf } from '../connection/engine.js';
import { isUniqueViolation } from '../connection/unique-violation.js';
import { FORWARD_AUTH_RULE_GROUPS, FORWARD_AUTH_RULES } from '../models/index.js';
import { fromRow, toRow, type StoredRow } from '../row-mapping.js';
import { toStoredId, toStoredIdOrNull } from '../stored-forms.js';
import { groupIdsBy, writeGroupIds } from './group-ids.js';

// SQLite names the columns of the composite key, PostgreSQL the constraint.
const taken = (error: unknown): boolean =>
  isUniqueViolation(error, FORWARD_AUTH_RULES.table, 'host') || isUniqueViolation(error, FORWARD_AUTH_RULES.table, 'host_path_prefix');

const toRuleRow = (rule: ForwardAuthRule) => ({ id: rule.id, host: rule.host, pathPrefix: rule.pathPrefix, requireMfa: rule.requireMfa ? 1 : 0, createdAt: rule.createdAt });

/** Rules with their groups, as stored rows read back: one query for the rules, one for all their groups. */
export const readRules = async (db: Knex | Knex.Transaction, query: Knex.QueryBuilder): Promise<ForwardAuthRule[]> => {
  const rows = ((await query) as StoredRow[]).map((row) => ({ stored: String(row.id), rule: fromRow(FORWARD_AUTH_RULES, row) }));
  const groups = await groupIdsBy(db, FORWARD_AUTH_RULE_GROUPS.table, 'rule_id', rows.map((r) => r.stored));
  return rows.map(({ stored, rule }) => ({ ...rule, requireMfa: rule.requireMfa === 1, allowedGroups: groups.get(stored) ?? [] }));
};

export class KnexForwardAuthRuleStore implements ForwardAuthRuleStore {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  async insert(rule: ForwardAuthRule): Promise<boolean> {
    try {
      await this.db(FORWARD_AUTH_RULES.table).insert(toRow(FORWARD_AUTH_RULES, toRuleRow(rule), engineOf(this.db)));
    } catch (error) {
      if (taken(error)) return false;
      throw error;
    }
    await writeGroupIds(this.db, FORWARD_AUTH_RULE_GROUPS.table, 'rule_id', toStoredId(rule.id), rule.allowedGroups);
    return true;
  }

  list(): Promise<ForwardAuthRule[]> {
    return readRules(this.db, this.db(FORWARD_AUTH_RULES.table).orderBy(['host', 'path_prefix']));
  }

  async find(id: string): Promise<ForwardAuthRule | null> {
    const stored = toStoredIdOrNull(id);
    if (stored === null) return null;
    const [rule] = await readRules(this.db, this.db(FORWARD_AUTH_RULES.table).where('id', stored));
    return rule ?? null;
  }

  async update(rule: ForwardAuthRule): Promise<'updated' | 'taken' | 'not_found'> {
    const stored = toStoredIdOrNull(rule.id);
    if (stored === null) return 'not_found';
    const { id: _id, createdAt: _created, ...changes } = toRow(FORWARD_AUTH_RULES, toRuleRow(rule), engineOf(this.db));
    try {
      if (((await this.db(FORWARD_AUTH_RULES.table).where('id', stored).update(changes)) as number) === 0) return 'not_found';
    } catch (error) {
      if (taken(error)) return 'taken';
      throw error;
    }
    await writeGroupIds(this.db, FORWARD_AUTH_RULE_GROUPS.table, 'rule_id', stored, rule.allowedGroups);
    return 'updated';
  }

  async delete(id: string): Promise<boolean> {
    const stored = toStoredIdOrNull(id);
    return stored !== null && ((await this.db(FORWARD_AUTH_RULES.table).where('id', stored).delete()) as number) > 0;
  }
}
