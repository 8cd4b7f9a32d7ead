import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { ForwardAuthRule } from '../../domain/forward-auth-rule.js';
import { newRuleRules, ruleChangeRules } from '../../access-rules.js';
import type { Ports } from '../../ports/ports.js';
import { invalid, parse } from '../../rules.js';
import { existingGroups } from '../access/policy-groups.js';
import { openAdminScope, openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordOnAdminTrail } from '../admin/admin-trail.js';

interface RuleInput {
  host?: string;
  path_prefix?: string;
  allowed_groups?: string[];
  require_mfa?: boolean;
}

/** input: { host, path_prefix? ("/"), allowed_groups? ([]), require_mfa? (false) }. A rule for the same host and prefix → 422. */
export type CreateForwardAuthRule = (caller: AdminCaller, input: unknown) => Promise<ForwardAuthRule>;
export type ListForwardAuthRules = (caller: AdminCaller) => Promise<ForwardAuthRule[]>;
export type GetForwardAuthRule = (caller: AdminCaller, ruleId: string) => Promise<ForwardAuthRule>;
/** input: any of the create fields (at least one). */
export type UpdateForwardAuthRule = (caller: AdminCaller, ruleId: string, input: unknown) => Promise<ForwardAuthRule>;
export type DeleteForwardAuthRule = (caller: AdminCaller, ruleId: string) => Promise<void>;

type ChangeDeps = Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>;
type ReadDeps = Pick<Ports, 'scopes' | 'admins'>;

const duplicate = (): DomainError => invalid(['path_prefix'], 'a rule for this host and path prefix exists');

/** Every change is access_policy_changed in the acting admin's trail, naming the rule. */
export const makeCreateForwardAuthRule =
  (deps: ChangeDeps): CreateForwardAuthRule =>
  async (caller, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const body = parse<Required<RuleInput>>(newRuleRules, input);
    return scope.transaction(async (admin) => {
      const rule: ForwardAuthRule = {
        id: deps.ids.next(),
        host: body.host,
        pathPrefix: body.path_prefix,
        allowedGroups: await existingGroups(admin, body.allowed_groups),
        requireMfa: body.require_mfa,
        createdAt: deps.clock.now(),
      };
      if (!(await admin.forwardAuthRules.insert(rule))) throw duplicate();
      await recordOnAdminTrail(deps, admin, 'access_policy_changed', rule.id);
      return rule;
    });
  };

export const makeListForwardAuthRules = (deps: ReadDeps): ListForwardAuthRules => async (caller) => (await openAdminScope(deps, caller)).forwardAuthRules.list();

export const makeGetForwardAuthRule =
  (deps: ReadDeps): GetForwardAuthRule =>
  async (caller, ruleId) => {
    const rule = await (await openAdminScope(deps, caller)).forwardAuthRules.find(ruleId);
    if (!rule) throw new DomainError('not_found');
    return rule;
  };

export const makeUpdateForwardAuthRule =
  (deps: ChangeDeps): UpdateForwardAuthRule =>
  async (caller, ruleId, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const body = parse<RuleInput>(ruleChangeRules, input);
    return scope.transaction(async (admin) => {
      const before = await admin.forwardAuthRules.find(ruleId);
      if (!before) throw new DomainError('not_found');
      const after: ForwardAuthRule = {
        ...before,
        host: body.host ?? before.host,
        pathPrefix: body.path_prefix ?? before.pathPrefix,
        requireMfa: body.require_mfa ?? before.requireMfa,
        allowedGroups: body.allowed_groups === undefined ? before.allowedGroups : await existingGroups(admin, body.allowed_groups),
      };
      if ((await admin.forwardAuthRules.update(after)) === 'taken') throw duplicate();
      await recordOnAdminTrail(deps, admin, 'access_policy_changed', before.id);
      return after;
    });
  };

export const makeDeleteForwardAuthRule =
  (deps: ChangeDeps): DeleteForwardAuthRule =>
  async (caller, ruleId) => {
    const scope = await openAdminScopeForChange(deps, caller);
    await scope.transaction(async (admin) => {
      const rule = await admin.forwardAuthRules.find(ruleId);
      if (!rule || !(await admin.forwardAuthRules.delete(rule.id))) throw new DomainError('not_found');
      await recordOnAdminTrail(deps, admin, 'access_policy_changed', rule.id);
    });
  };
