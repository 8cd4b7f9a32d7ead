import { expect } from 'chai';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { authorizeThroughProxy, PROXIED, registerFirstParty, startBehindTlsProxy, type Answer, type AuthorizationSteps } from '../support/oidc/behind-tls-proxy.js';
import type { OidcServer } from '../support/oidc/oidc-server.js';

interface SetCookie {
  name: string;
  attributes: string[];
}

/** Attribute names are case-insensitive, a Path's value is not. */
const lowerName = (attribute: string): string => attribute.replace(/^[^=]+/, (name) => name.toLowerCase());

const parse = (line: string): SetCookie => {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return { name: pair.slice(0, pair.indexOf('=')), attributes: attributes.map(lowerName).sort() };
};

const cookiesSetBy = (...answers: Answer[]): SetCookie[] => answers.flatMap((answer) => answer.setCookies.map(parse));

describe(`OpenID provider: its cookies in production (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let steps: AuthorizationSteps;

  before(async () => {
    server = await startBehindTlsProxy(0);
    steps = await authorizeThroughProxy(server, await registerFirstParty(server), PROXIED);
    expect(new URL(String(steps.back.headers.location)).searchParams.get('code')).to.be.a('string');
  });
  after(() => server?.close());

  it("the interaction's cookies are __Secure-, Secure, HttpOnly, SameSite=Lax, each scoped to its own interaction's path", () => {
    const uid = String(steps.started.headers.location).split('/').pop() ?? '';
    const expires = (attributes: string[]) => attributes.filter((attribute) => !/^(expires|max-age)=/.test(attribute));
    expect(cookiesSetBy(steps.started).map(({ name, attributes }) => ({ name, attributes: expires(attributes) }))).to.deep.equal([
      { name: '__Secure-gh_oidc_interaction', attributes: ['httponly', `path=/gatehouse/oidc/interaction/${uid}`, 'samesite=lax', 'secure'] },
      { name: '__Secure-gh_oidc_interaction.sig', attributes: ['httponly', `path=/gatehouse/oidc/interaction/${uid}`, 'samesite=lax', 'secure'] },
      { name: '__Secure-gh_oidc_resume', attributes: ['httponly', `path=/gatehouse/oidc/auth/${uid}`, 'samesite=lax', 'secure'] },
      { name: '__Secure-gh_oidc_resume.sig', attributes: ['httponly', `path=/gatehouse/oidc/auth/${uid}`, 'samesite=lax', 'secure'] },
    ]);
  });

  it("the provider's session cookie is __Host-: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", () => {
    const session = cookiesSetBy(steps.back).filter(({ name }) => name.includes('session'));
    expect(session.map(({ name }) => name)).to.deep.equal(['__Host-gh_oidc_session', '__Host-gh_oidc_session.sig']);
    for (const { attributes } of session) {
      expect(attributes.filter((attribute) => !/^(expires|max-age)=/.test(attribute))).to.deep.equal(['httponly', 'path=/', 'samesite=lax', 'secure']);
    }
  });

  it('every cookie the provider sets or clears on the way is Secure, HttpOnly and SameSite=Lax, with a __Host- or __Secure- prefix', () => {
    const all = cookiesSetBy(steps.started, steps.finished, steps.back);
    expect(all.length).to.be.greaterThan(5);
    for (const { name, attributes } of all) {
      expect(name, name).to.match(/^__(Host|Secure)-/);
      expect(attributes, name).to.include.members(['secure', 'httponly', 'samesite=lax']);
    }
  });
});
