import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const CLIENT_KEYS = ['client_id', 'name', 'type', 'redirect_uris', 'post_logout_redirect_uris', 'skip_consent', 'require_pkce', 'created_at', 'allowed_groups', 'require_mfa', 'introspect', 'device', 'application_type', 'allowed_origins', 'backchannel_logout_uri', 'id_token_signed_response_alg'];

describe('gatehouse oidc-clients create|list|delete', function () {
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

  it('creates a confidential client: stdout is OidcClientOut with client_secret, stored only as its SHA-256', async () => {
    const result = await clients([
      'create', '--name', 'Grafana',
      '--redirect-uri', 'https://grafana.example.com/cb', '--redirect-uri', 'https://grafana.example.com/cb2',
      '--post-logout-redirect-uri', 'https://grafana.example.com/',
    ]);
    expect(result.code, result.stderr).to.equal(0);
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(out).to.have.all.keys(...CLIENT_KEYS, 'client_secret');
    expect(out).to.include({ name: 'Grafana', type: 'confidential', skip_consent: false, require_pkce: true });
    expect(out.redirect_uris).to.deep.equal(['https://grafana.example.com/cb', 'https://grafana.example.com/cb2']);
    expect(out.post_logout_redirect_uris).to.deep.equal(['https://grafana.example.com/']);
    const row = await database.db('oidc_clients').where({ client_id: out.client_id }).first();
    expect(row.secret_hash).to.equal(createHash('sha256').update(out.client_secret as string).digest('hex'));
    expect(await countRows(database.db, 'security_events'), 'the operator has no trail; the log has it').to.equal(0);
  });

  it('creates a public client with --public --skip-consent: no secret', async () => {
    const result = await clients(['create', '--name', 'CLI', '--redirect-uri', 'http://127.0.0.1:8400/cb', '--public', '--skip-consent']);
    expect(result.code, result.stderr).to.equal(0);
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(out).to.have.all.keys(...CLIENT_KEYS);
    expect(out).to.include({ type: 'public', skip_consent: true, require_pkce: true });
  });

  it('refuses --without-pkce for a public client and a bad redirect URI: exit 2, the field named, nothing stored', async () => {
    const before = await countRows(database.db, 'oidc_clients');
    const pkce = await clients(['create', '--name', 'X', '--redirect-uri', 'https://x.example.com/cb', '--public', '--without-pkce']);
    expect([pkce.code, pkce.stdout]).to.deep.equal([2, '']);
    expect(pkce.stderr).to.include('require_pkce');
    const fragment = await clients(['create', '--name', 'X', '--redirect-uri', 'https://x.example.com/cb#f']);
    expect(fragment.code).to.equal(2);
    expect(fragment.stderr).to.include('redirect_uris.0: must not have a fragment');
    expect((await clients(['create', '--name', 'X'])).code, 'no redirect URI').to.equal(2);
    expect(await countRows(database.db, 'oidc_clients')).to.equal(before);
  });

  it('lets a confidential client go without PKCE', async () => {
    const result = await clients(['create', '--name', 'Legacy', '--redirect-uri', 'https://legacy.example.com/cb', '--without-pkce']);
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout).require_pkce).to.equal(false);
  });

  it('lists newest first as a table, or JSON with --json', async () => {
    const table = await clients(['list']);
    expect(table.code, table.stderr).to.equal(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).to.match(/^NAME\s+TYPE\s+PKCE\s+CONSENT\s+CREATED\s+CLIENT ID$/);
    expect(lines[1]).to.match(/^Legacy\s+confidential\s+off\s+asked\s/);
    expect(lines.at(-1)).to.equal('3 client(s)');
    const json = JSON.parse((await clients(['list', '--json'])).stdout) as Record<string, unknown>[];
    expect(json.map((c) => c.name)).to.deep.equal(['Legacy', 'CLI', 'Grafana']);
    for (const client of json) expect(client).to.have.all.keys(...CLIENT_KEYS);
  });

  it('deletes by --client-id; an unknown id exits 1', async () => {
    const [first] = JSON.parse((await clients(['list', '--json'])).stdout) as { client_id: string }[];
    const deleted = await clients(['delete', '--client-id', first!.client_id]);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect(await countRows(database.db, 'oidc_clients', { client_id: first!.client_id })).to.equal(0);
    const again = await clients(['delete', '--client-id', first!.client_id]);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('no such account or client');
    expect((await clients(['delete'])).code, 'no --client-id').to.equal(2);
  });
  it('creates a native app with --native and a single-page application with --allowed-origin; update changes them', async () => {
    const native = JSON.parse((await clients(['create', '--name', 'Desktop', '--redirect-uri', 'http://127.0.0.1/callback', '--public', '--native'])).stdout) as Record<string, unknown>;
    expect(native).to.include({ type: 'public', application_type: 'native' });
    expect(native.allowed_origins).to.deep.equal([]);
    const spa = await clients(['create', '--name', 'Board', '--redirect-uri', 'https://board.example.com/cb', '--public', '--allowed-origin', 'https://board.example.com', '--allowed-origin', 'https://board2.example.com']);
    expect(spa.code, spa.stderr).to.equal(0);
    const out = JSON.parse(spa.stdout) as Record<string, unknown>;
    expect(out).to.include({ application_type: 'web' });
    expect(out.allowed_origins).to.deep.equal(['https://board.example.com', 'https://board2.example.com']);
    const updated = await clients(['update', '--client-id', String(out.client_id), '--allowed-origin', 'https://board3.example.com']);
    expect(updated.code, updated.stderr).to.equal(0);
    expect((JSON.parse(updated.stdout) as Record<string, unknown>).allowed_origins).to.deep.equal(['https://board3.example.com']);
    const confidential = await clients(['create', '--name', 'Server', '--redirect-uri', 'https://s.example.com/cb', '--allowed-origin', 'https://s.example.com']);
    expect(confidential.code).to.equal(2);
    expect(confidential.stderr).to.include('allowed_origins');
  });
  it('creates a client with --backchannel-logout-uri; update changes it, and given empty clears it', async () => {
    const created = await clients(['create', '--name', 'Wiki', '--redirect-uri', 'https://wiki.example.com/cb', '--backchannel-logout-uri', 'https://wiki.example.com/logout']);
    expect(created.code, created.stderr).to.equal(0);
    const out = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(out.backchannel_logout_uri).to.equal('https://wiki.example.com/logout');
    const updated = await clients(['update', '--client-id', String(out.client_id), '--backchannel-logout-uri', 'https://wiki.example.com/bc']);
    expect((JSON.parse(updated.stdout) as Record<string, unknown>).backchannel_logout_uri).to.equal('https://wiki.example.com/bc');
    const cleared = await clients(['update', '--client-id', String(out.client_id), '--backchannel-logout-uri', '']);
    expect((JSON.parse(cleared.stdout) as Record<string, unknown>).backchannel_logout_uri).to.equal(null);
    const refused = await clients(['create', '--name', 'Bad', '--redirect-uri', 'https://b.example.com/cb', '--backchannel-logout-uri', 'ftp://b.example.com/x']);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.include('backchannel_logout_uri');
  });

  it('creates a client with --id-token-alg ES256 (RS256 without it); update --id-token-alg RS256 changes it back; another value (EdDSA among them) exits 2, nothing written', async () => {
    const plain = JSON.parse((await clients(['create', '--name', 'Plain', '--redirect-uri', 'https://plain.example.com/cb'])).stdout) as Record<string, unknown>;
    expect(plain.id_token_signed_response_alg).to.equal('RS256');
    const created = await clients(['create', '--name', 'Quick', '--redirect-uri', 'https://quick.example.com/cb', '--id-token-alg', 'ES256']);
    expect(created.code, created.stderr).to.equal(0);
    const out = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(out.id_token_signed_response_alg).to.equal('ES256');
    const updated = await clients(['update', '--client-id', String(out.client_id), '--id-token-alg', 'RS256']);
    expect(updated.code, updated.stderr).to.equal(0);
    expect((JSON.parse(updated.stdout) as Record<string, unknown>).id_token_signed_response_alg).to.equal('RS256');
    expect((await database.db('oidc_clients').where({ client_id: out.client_id }).first()).id_token_signed_response_alg).to.equal('RS256');
    const before = await countRows(database.db, 'oidc_clients');
    const refused = await clients(['create', '--name', 'Bad', '--redirect-uri', 'https://b.example.com/cb', '--id-token-alg', 'HS256']);
    expect([refused.code, refused.stdout]).to.deep.equal([2, '']);
    expect(refused.stderr).to.include('id_token_signed_response_alg');
    for (const alg of ['none', 'EdDSA']) {
      const unchanged = await clients(['update', '--client-id', String(out.client_id), '--id-token-alg', alg]);
      expect(unchanged.code, alg).to.equal(2);
    }
    expect(await countRows(database.db, 'oidc_clients')).to.equal(before);
    expect((await database.db('oidc_clients').where({ client_id: out.client_id }).first()).id_token_signed_response_alg).to.equal('RS256');
  });
});
