import { expect } from 'chai';
import fc from 'fast-check';
import { asksForSecondFactor, decideAccess, type AccessFacts, type AccessPolicy } from '../../../src/core/domain/access-policy.js';
import { coversPath, forwardedPath, matchForwardAuthRule } from '../../../src/core/domain/forward-auth-rule.js';
import type { GroupId } from '../../../src/core/domain/group.js';
import { nameProblem, normalizeName } from '../../../src/core/domain/name-rule.js';

const group = fc.constantFrom('g1', 'g2', 'g3', 'g4') as fc.Arbitrary<GroupId>;
const policies: fc.Arbitrary<AccessPolicy> = fc.record({ allowedGroups: fc.uniqueArray(group, { maxLength: 3 }), requireMfa: fc.boolean() });
const facts: fc.Arbitrary<AccessFacts> = fc.record({
  groupIds: fc.uniqueArray(group, { maxLength: 3 }),
  mfaProved: fc.boolean(),
  hasSecondFactor: fc.boolean(),
  apiToken: fc.boolean(),
});
const inGroups = (p: AccessPolicy, f: AccessFacts) => p.allowedGroups.length === 0 || p.allowedGroups.some((g) => f.groupIds.includes(g));

describe('the access policy of both doors (pure)', () => {
  it('allows exactly the users in an allowed group (or anyone, when none is named) whose proof the policy is satisfied by', () => {
    fc.assert(
      fc.property(policies, facts, (policy, f) => {
        const allowed = inGroups(policy, f) && (!policy.requireMfa || (f.mfaProved && !f.apiToken));
        expect(decideAccess(policy, f) === 'allow').to.equal(allowed);
      }),
    );
  });

  it('refuses outside the groups whatever the proofs, and never lets an API token satisfy require_mfa', () => {
    fc.assert(
      fc.property(policies, facts, (policy, f) => {
        if (!inGroups(policy, f)) expect(decideAccess(policy, f)).to.equal('deny');
        if (inGroups(policy, f) && policy.requireMfa && f.apiToken) expect(decideAccess(policy, f)).to.equal('deny');
      }),
    );
  });

  it('sends a member without the proof through the second step when it has a factor, to set one up when it has none', () => {
    fc.assert(
      fc.property(policies, facts, (policy, f) => {
        const asks = inGroups(policy, f) && policy.requireMfa && !f.mfaProved && !f.apiToken;
        expect(asksForSecondFactor(policy, f)).to.equal(asks);
        if (asks) expect(decideAccess(policy, f)).to.equal(f.hasSecondFactor ? 'second_factor_needed' : 'second_factor_setup_needed');
        else expect(decideAccess(policy, f)).to.be.oneOf(['allow', 'deny']);
      }),
    );
  });

  it('names: lowercased, 1–64 of a-z 0-9 . _ -, starting with a letter or digit; no comma, space or control', () => {
    expect(normalizeName(' Ada.Lovelace ')).to.equal('ada.lovelace');
    for (const ok of ['a', '0', 'ada_l-1.x', 'a'.repeat(64)]) expect(nameProblem(ok), ok).to.equal(null);
    for (const bad of ['', '.a', '-a', '_a', 'a b', 'a,b', 'a\r\nb', 'é', 'a'.repeat(65)]) expect(nameProblem(bad), bad).to.not.equal(null);
  });
});

describe('forward-auth rule matching (pure)', () => {
  const rule = (host: string, pathPrefix: string) => ({ host, pathPrefix, id: `${host}${pathPrefix}` });
  const rules = [rule('app.example.com', '/'), rule('app.example.com', '/admin'), rule('app.example.com', '/admin/api'), rule('wiki.example.com', '/')];

  it('a prefix covers itself and what lies below it, segment by segment: "/app" covers "/app" and "/app/x", never "/apple"', () => {
    expect(coversPath('/app', '/app')).to.equal(true);
    expect(coversPath('/app', '/app/x')).to.equal(true);
    expect(coversPath('/app', '/apple')).to.equal(false);
    expect(coversPath('/', '/anything')).to.equal(true);
  });

  it('picks the longest prefix of the host (compared case-insensitively) and none for another host', () => {
    const pick = (host: string, uri: string) => matchForwardAuthRule(rules, host, uri)?.id ?? null;
    expect(pick('app.example.com', '/admin/api/x?y=1')).to.equal('app.example.com/admin/api');
    expect(pick('APP.example.com', '/admin')).to.equal('app.example.com/admin');
    expect(pick('app.example.com', '/administrator')).to.equal('app.example.com/');
    expect(pick('app.example.com', '/')).to.equal('app.example.com/');
    expect(pick('other.example.com', '/admin')).to.equal(null);
  });

  it('reads the path as the application would: escapes decoded, dot segments and doubled slashes resolved, query dropped', () => {
    expect(forwardedPath('/%61dmin/x')).to.equal('/admin/x');
    expect(forwardedPath('/public/../admin')).to.equal('/admin');
    expect(forwardedPath('/public%2F..%2Fadmin')).to.equal('/admin');
    expect(forwardedPath('//admin//x/./')).to.equal('/admin/x');
    expect(forwardedPath('/admin?next=/public#x')).to.equal('/admin');
    expect(forwardedPath('/%E0%A4%A')).to.equal('/%E0%A4%A');
    expect(matchForwardAuthRule(rules, 'app.example.com', '/public/%2e%2e/admin')?.id).to.equal('app.example.com/admin');
  });
});
