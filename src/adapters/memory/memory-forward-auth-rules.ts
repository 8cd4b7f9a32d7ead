import type { ForwardAuthRule } from '../../core/domain/forward-auth-rule.js';
import type { ForwardAuthRuleStore } from '../../core/ports/forward-auth-rule-store.js';
import { checkGroupsExist } from './memory-groups.js';
import { copy, idKey, type MemoryTables } from './memory-tables.js';

const order = (a: ForwardAuthRule, b: ForwardAuthRule): number =>
  a.host < b.host ? -1 : a.host > b.host ? 1 : a.pathPrefix < b.pathPrefix ? -1 : a.pathPrefix > b.pathPrefix ? 1 : 0;

export class MemoryForwardAuthRuleStore implements ForwardAuthRuleStore {
  constructor(private readonly tables: MemoryTables) {}

  async insert(rule: ForwardAuthRule): Promise<boolean> {
    const id = idKey(rule.id);
    if (id === null) throw new Error('not a canonical UUID');
    if (this.clash(rule, null)) return false;
    checkGroupsExist(this.tables, rule.allowedGroups);
    this.tables.forwardAuthRules.set(id, copy({ ...rule, id }));
    return true;
  }

  async list(): Promise<ForwardAuthRule[]> {
    return [...this.tables.forwardAuthRules.values()].sort(order).map(copy);
  }

  async find(id: string): Promise<ForwardAuthRule | null> {
    const rule = this.tables.forwardAuthRules.get(idKey(id) ?? '');
    return rule ? copy(rule) : null;
  }

  async update(rule: ForwardAuthRule): Promise<'updated' | 'taken' | 'not_found'> {
    const existing = this.tables.forwardAuthRules.get(idKey(rule.id) ?? '');
    if (!existing) return 'not_found';
    if (this.clash(rule, existing.id)) return 'taken';
    checkGroupsExist(this.tables, rule.allowedGroups);
    this.tables.forwardAuthRules.set(existing.id, copy({ ...rule, id: existing.id, createdAt: existing.createdAt }));
    return 'updated';
  }

  async delete(id: string): Promise<boolean> {
    return this.tables.forwardAuthRules.delete(idKey(id) ?? '');
  }

  private clash(rule: ForwardAuthRule, self: string | null): boolean {
    return [...this.tables.forwardAuthRules.values()].some((r) => r.id !== self && r.host === rule.host && r.pathPrefix === rule.pathPrefix);
  }
}
