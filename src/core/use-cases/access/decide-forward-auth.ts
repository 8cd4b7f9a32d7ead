import type { AccessDecision } from '../../domain/access-policy.js';
import { matchForwardAuthRule } from '../../domain/forward-auth-rule.js';
import type { Principal } from '../../domain/principal.js';
import { judgeAccess, judgeMember, type JudgeDeps, type Judgement } from './judge-access.js';

/** What verify is asked about: X-Forwarded-Host and X-Forwarded-Uri, only as a trusted proxy sent them (else null). */
export interface ForwardedRequest {
  host: string | null;
  uri: string | null;
}

export interface ForwardAuthVerdict {
  decision: AccessDecision;
  /** The rule that decided; null when none matched (any signed-in user is allowed, as without rules). */
  ruleId: string | null;
  /** For X-Gatehouse-Username and X-Gatehouse-Groups: the name rule keeps them free of controls and commas. */
  username: string | null;
  groups: string[];
}

/**
 * For GET /api/v1/auth/verify: the rule of the forwarded host with the longest path prefix that
 * covers the forwarded path, judged for the principal (a session's second-factor proof counts; an
 * API token never satisfies require_mfa). One indexed query: the host's rules with the user's
 * username and groups (without a forwarded host, the user's alone).
 */
export type DecideForwardAuth = (principal: Principal, request: ForwardedRequest, options?: { quiet?: boolean }) => Promise<ForwardAuthVerdict>;

export const makeDecideForwardAuth =
  (deps: JudgeDeps): DecideForwardAuth =>
  async (principal, request, options = {}) => {
    const facts = request.host === null ? null : { host: request.host, ...(await deps.access.forwardAuthFacts(request.host, principal.userId)) };
    const rule = facts && matchForwardAuthRule(facts.rules, facts.host, request.uri ?? '/');
    const { credential } = principal;
    const judgement: Judgement = {
      door: 'forward_auth',
      userId: principal.userId,
      policy: rule ?? { allowedGroups: [], requireMfa: false },
      mfaProved: credential.kind === 'session' && credential.secondFactorAt !== null,
      apiToken: credential.kind === 'api_token',
      targetId: rule?.id ?? null,
      context: principal.context,
      quiet: options.quiet === true,
    };
    // With a forwarded host the profile came with the host's rules; without one it is read alone.
    const judged = facts === null ? await judgeAccess(deps, judgement) : await judgeMember(deps, judgement, facts.profile);
    return { decision: judged.decision, ruleId: rule?.id ?? null, username: judged.profile?.username ?? null, groups: judged.profile?.groups.map((g) => g.name) ?? [] };
  };
