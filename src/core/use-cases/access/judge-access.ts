import { asksForSecondFactor, decideAccess, type AccessDecision, type AccessPolicy } from '../../domain/access-policy.js';
import type { RequestContext } from '../../domain/request-context.js';
import type { UserId } from '../../domain/user-id.js';
import type { AccessDoor, MemberProfile } from '../../ports/access-lookups.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

export interface Judged {
  decision: AccessDecision;
  /** The user's username and groups, for the claims and headers the door sends; null for no such user. */
  profile: MemberProfile | null;
}

export interface Judgement {
  door: AccessDoor;
  userId: UserId;
  policy: AccessPolicy;
  mfaProved: boolean;
  apiToken: boolean;
  /** The client id or rule id, named by the access_denied event (null: no rule matched). */
  targetId: string | null;
  context: RequestContext;
  /** A page asking ahead what the door will answer: neither counted nor recorded, the door's own request is. */
  quiet?: boolean;
  /** A fast lane asking first (the lean userinfo): an allow counts; a refusal is left to the door it hands the request to, which judges again. */
  tentative?: boolean;
}

export type JudgeDeps = Pick<Ports, 'access' | 'accessMeter' | 'scopes' | 'ids' | 'clock'>;

/**
 * The one decision of both doors (domain/access-policy.ts) on facts read now: the user's groups
 * (one query), and whether it has a second factor only when the answer depends on it. Every
 * decision is counted; a refusal is an access_denied event on the user's trail naming the door's target.
 */
export const judgeAccess = async (deps: JudgeDeps, judgement: Judgement): Promise<Judged> => judgeMember(deps, judgement, await deps.access.findMemberProfile(judgement.userId));

/** judgeAccess on a member profile the caller has just read (null: no such user). */
export const judgeMember = async (deps: JudgeDeps, judgement: Judgement, profile: MemberProfile | null): Promise<Judged> => {
  const facts = { groupIds: profile?.groups.map((g) => g.id) ?? [], mfaProved: judgement.mfaProved, apiToken: judgement.apiToken };
  const hasSecondFactor = profile !== null && asksForSecondFactor(judgement.policy, facts) && (await deps.scopes.open(judgement.userId).hasSecondFactor());
  const decision = profile === null ? 'deny' : decideAccess(judgement.policy, { ...facts, hasSecondFactor });
  if (judgement.quiet === true || (judgement.tentative === true && decision !== 'allow')) return { decision, profile };
  deps.accessMeter.count(judgement.door, decision);
  if (decision === 'deny' && profile !== null) {
    await deps.scopes.open(judgement.userId).recordEvent(trailEvent(deps, 'access_denied', judgement.context, { targetId: judgement.targetId }));
  }
  return { decision, profile };
};
