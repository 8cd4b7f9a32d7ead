import { expect } from 'chai';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { loadConfig } from '../../src/config/config.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import { providerConfiguration, type ProviderDeps } from '../../src/oidc/create-provider.js';

const account = { userId: '01900000-0000-7000-8000-000000000001' as UserId, email: 'ida@example.com', displayName: 'Ida', username: null as string | null, groups: [] as string[] };

const depsWith = (oidcEmailsVerified: boolean, found: typeof account | null): ProviderDeps => ({
  useCases: { findOidcAccount: async () => found, decideClientAccess: async () => ({ decision: 'allow', profile: null }) },
  payloads: {} as ProviderDeps['payloads'],
  clients: {} as ProviderDeps['clients'],
  config: { publicOrigin: 'http://localhost:3000', secretKey: 'k'.repeat(32), secretKeyPrevious: null, oidcEmailsVerified, environment: 'test' },
  keys: [],
  now: Date.now,
  impliedConsentMark: 'spec-mark',
  logoutSource: async () => undefined,
  renderError: async () => undefined,
});

const claimsOf = async (deps: ProviderDeps, scope = 'openid email profile') => {
  const found = await providerConfiguration(deps).findAccount?.({} as KoaContextWithOIDC, account.userId);
  return found ? found.claims('id_token', scope, {}, []) : null;
};

describe('OpenID provider: claims and SERVICE_OIDC_EMAILS_VERIFIED', () => {
  it('says email_verified false by default: Gatehouse never proves that a person owns an address', async () => {
    expect(loadConfig({}).oidcEmailsVerified).to.equal(false);
    expect(await claimsOf(depsWith(false, account))).to.deep.include({ sub: account.userId, email: account.email, email_verified: false, name: 'Ida' });
  });

  it('gives preferred_username only to a user with a username, and groups as the names of the user\'s groups', async () => {
    expect(await claimsOf(depsWith(false, account))).to.not.have.property('preferred_username');
    const named = { ...account, username: 'ida', groups: ['ops', 'wiki-editors'] };
    expect(await claimsOf(depsWith(false, named), 'openid profile groups')).to.deep.include({ preferred_username: 'ida', groups: ['ops', 'wiki-editors'] });
  });

  it('says email_verified true when the operator sets SERVICE_OIDC_EMAILS_VERIFIED=true', async () => {
    expect(loadConfig({ SERVICE_OIDC_EMAILS_VERIFIED: 'true' }).oidcEmailsVerified).to.equal(true);
    expect(await claimsOf(depsWith(true, account))).to.include({ email_verified: true });
  });

  it('refuses any other value of SERVICE_OIDC_EMAILS_VERIFIED at start-up', () => {
    expect(() => loadConfig({ SERVICE_OIDC_EMAILS_VERIFIED: 'yes' })).to.throw(/SERVICE_OIDC_EMAILS_VERIFIED/);
  });

  it('finds nobody for a disabled or deleted account, so its tokens stop working at the next request', async () => {
    expect(await claimsOf(depsWith(false, null))).to.equal(null);
  });
});
