import type { ForwardAuthRule } from '../domain/forward-auth-rule.js';

/**
 * Forward-auth rules, for an admin (through the admin scope). Host and path prefix are unique
 * together: two rules for the same requests would leave the choice to chance.
 */
export interface ForwardAuthRuleStore {
  /** False when a rule for that host and prefix exists. */
  insert(rule: ForwardAuthRule): Promise<boolean>;
  /** By host, then path prefix. */
  list(): Promise<ForwardAuthRule[]>;
  find(id: string): Promise<ForwardAuthRule | null>;
  /** Replaces every field but id and created_at. */
  update(rule: ForwardAuthRule): Promise<'updated' | 'taken' | 'not_found'>;
  delete(id: string): Promise<boolean>;
}
