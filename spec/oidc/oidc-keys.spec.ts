import { expect } from 'chai';
import * as oidc from 'openid-client';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { createOidcMount } from '../../src/oidc/create-oidc-mount.js';
import { createLogger } from '../../src/runtime/logger.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';

interface Jwks {
  keys: { kid: string; alg: string }[];
}

const jwksOf = async (server: OidcServer): Promise<Jwks> => (await fetch(`${server.base}/jwks`)).json() as Promise<Jwks>;

describe('OpenID provider: signing keys and start-up', function () {
  this.timeout(120_000);

  it('refuses to start with oidc-provider development interactions, which sign anyone in', () => {
    const start = () =>
      createOidcMount({
        useCases: {} as never,
        ports: {} as never,
        config: { publicOrigin: 'http://localhost:3000', secretKey: 'k'.repeat(32), secretKeyPrevious: null, oidcEmailsVerified: false, environment: 'test' },
        logger: createLogger('silent'),
        unsafeOverrides: { features: { devInteractions: { enabled: true } } },
      });
    expect(start).to.throw(/devInteractions/);
  });

  it('makes one RS256 and one ES256 key at the first start, and no other; gatehouse oidc rotate-keys adds new current keys and keeps the old published', async () => {
    ensureBuilt();
    const server = await startOidcServer();
    try {
      const before = await jwksOf(server);
      expect(before.keys.map((key) => key.alg).sort()).to.deep.equal(['ES256', 'RS256']);
      const rotated = await runCli(['oidc', 'rotate-keys'], { ...process.env, SERVICE_ENVIRONMENT: 'test', SERVICE_DATABASE_URL: server.database.url });
      expect(rotated.code, rotated.stderr).to.equal(0);
      const newKids = rotated.stdout.trim().split('\n');
      expect(newKids).to.have.length(2);
      // Another instance over the same database (a running one reloads within a minute).
      const next = await startOidcServer({ database: server.database, env: { SERVICE_PUBLIC_URL: server.origin } });
      try {
        const after = await jwksOf(next);
        expect(after.keys.map((key) => key.kid)).to.include.members([...newKids, ...before.keys.map((key) => key.kid)]);
        expect(after.keys[0]?.kid).to.be.oneOf(newKids);
      } finally {
        await next.close();
      }
    } finally {
      await server.close();
    }
  });

  it('starts on a database not yet migrated (serve --no-migrate): 503 from the provider until the schema is there', async () => {
    const database = await createTempDatabase({ migrate: false });
    const server = await startOidcServer({ database, withAdmin: false });
    try {
      const early = await fetch(`${server.issuer}/.well-known/openid-configuration`);
      expect(early.status).to.equal(503);
      expect(((await early.json()) as { error: string }).error).to.equal('temporarily_unavailable');
      await migrateLatest(server.service.db);
      const later = await oidc.discovery(new URL(server.issuer), 'nobody', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
      expect(later.serverMetadata().issuer).to.equal(server.issuer);
    } finally {
      await server.close();
      await database.cleanup();
    }
  });
});
