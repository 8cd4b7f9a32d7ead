import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

describe('gatehouse oidc-clients create|update --introspect --device', function () {
  this.timeout(60_000);
  let database: CliDatabase;
  const clients = (args: string[]) => runCli(['oidc-clients', ...args], database.env);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
  });
  after(() => database.cleanup());

  it('creates a resource server that introspects and a device client; update turns each off alone', async () => {
    const created = await clients(['create', '--name', 'Gateway', '--redirect-uri', 'https://api.example.com/cb', '--introspect', '--device']);
    expect(created.code, created.stderr).to.equal(0);
    const out = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(out).to.include({ introspect: true, device: true });
    const updated = await clients(['update', '--client-id', String(out.client_id), '--no-introspect']);
    expect(updated.code, updated.stderr).to.equal(0);
    expect(JSON.parse(updated.stdout)).to.include({ introspect: false, device: true });
    const plain = JSON.parse((await clients(['create', '--name', 'Wiki', '--redirect-uri', 'https://wiki.example.com/cb'])).stdout) as Record<string, unknown>;
    expect(plain).to.include({ introspect: false, device: false });
  });

  it('refuses --introspect for a public client: exit 2, the field named, nothing stored', async () => {
    const before = await countRows(database.db, 'oidc_clients');
    const refused = await clients(['create', '--name', 'CLI', '--redirect-uri', 'http://127.0.0.1:8400/cb', '--public', '--introspect']);
    expect([refused.code, refused.stdout]).to.deep.equal([2, '']);
    expect(refused.stderr).to.include('introspect');
    expect(await countRows(database.db, 'oidc_clients')).to.equal(before);
  });
});
