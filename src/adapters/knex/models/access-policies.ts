import { groupReference } from './groups.js';
import type { Model } from './model.js';

/** A forward-auth rule as stored: its groups in forward_auth_rule_groups, the flag as 0/1. */
export interface ForwardAuthRuleRow {
  id: string;
  host: string;
  pathPrefix: string;
  requireMfa: number;
  createdAt: Date;
}

export const FORWARD_AUTH_RULES: Model<ForwardAuthRuleRow, 'id'> = {
  table: 'forward_auth_rules',
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    { name: 'host', field: 'host', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'path_prefix', field: 'pathPrefix', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'require_mfa', field: 'requireMfa', type: { kind: 'integer' }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};

export const FORWARD_AUTH_RULE_GROUPS: Model<{ ruleId: string; groupId: string }, never> = {
  table: 'forward_auth_rule_groups',
  keys: [],
  columns: [
    { name: 'rule_id', field: 'ruleId', type: { kind: 'id' }, nullable: false, primary: true, references: { table: 'forward_auth_rules', column: 'id', onDelete: 'CASCADE' } },
    groupReference,
  ],
};

export const OIDC_CLIENT_GROUPS: Model<{ clientId: string; groupId: string }, never> = {
  table: 'oidc_client_groups',
  keys: [],
  columns: [
    { name: 'client_id', field: 'clientId', type: { kind: 'string', length: 64 }, nullable: false, primary: true, references: { table: 'oidc_clients', column: 'client_id', onDelete: 'CASCADE' } },
    groupReference,
  ],
};
