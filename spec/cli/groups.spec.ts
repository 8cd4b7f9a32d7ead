import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const PASSWORD = 'correct horse battery staple';

describe('gatehouse groups, forward-auth rules and client policies', function () {
  this.timeout(120_000);
  let database: CliDatabase;
  const cli = (args: string[]) => runCli(args, database.env);
  const ok = async (args: string[]) => {
    const result = await cli(args);
    expect(result.code, result.stderr).to.equal(0);
    return result;
  };

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    await ok(['migrate', 'latest']);
    await runCli(['create-admin', '--email', 'root@example.com', '--password-stdin'], database.env, PASSWORD);
  });
  after(() => database.cleanup());

  it('creates, lists and fills a group; a taken name is exit 1 and changes nothing', async () => {
    const created = JSON.parse((await ok(['groups', 'create', '--name', 'Ops', '--description', 'On call'])).stdout) as Record<string, unknown>;
    expect(created).to.include({ name: 'ops', description: 'On call', member_count: 0 });
    expect(created).to.have.all.keys('id', 'name', 'description', 'created_at', 'member_count');
    const taken = await cli(['groups', 'create', '--name', 'OPS']);
    expect([taken.code, taken.stdout]).to.deep.equal([1, '']);
    expect((await cli(['groups', 'create', '--name', 'bad name'])).code).to.equal(2);
    await ok(['groups', 'add-member', '--name', 'ops', '--email', 'root@example.com']);
    await ok(['groups', 'add-member', '--name', 'ops', '--email', 'Root@Example.com']);
    expect((await ok(['groups', 'members', '--name', 'ops'])).stdout).to.equal('root@example.com\n');
    const listed = JSON.parse((await ok(['groups', 'list', '--json'])).stdout) as { name: string; member_count: number }[];
    expect(listed.map((g) => [g.name, g.member_count])).to.deep.equal([['ops', 1]]);
    expect((await cli(['groups', 'add-member', '--name', 'ops', '--email', 'nobody@example.com'])).code).to.equal(1);
    await ok(['groups', 'remove-member', '--name', 'ops', '--email', 'root@example.com']);
    expect((await ok(['groups', 'members', '--name', 'ops'])).stdout).to.equal('');
    expect(await countRows(database.db, 'group_members')).to.equal(0);
  });

  it('forward-auth rules by host and prefix, naming groups by name; a used group cannot be deleted (exit 1, where it is used)', async () => {
    await ok(['groups', 'create', '--name', 'wiki-editors']);
    const rule = JSON.parse((await ok(['forward-auth', 'rules', 'create', '--host', 'Wiki.Example.com', '--path-prefix', '/edit/', '--allowed-group', 'wiki-editors', '--require-mfa'])).stdout) as Record<string, unknown>;
    expect(rule).to.include({ host: 'wiki.example.com', path_prefix: '/edit', require_mfa: true });
    expect(rule.allowed_groups).to.have.length(1);
    expect((await cli(['forward-auth', 'rules', 'create', '--host', 'wiki.example.com', '--allowed-group', 'nope'])).code).to.equal(2);
    const refused = await cli(['groups', 'delete', '--name', 'wiki-editors']);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(`used by forward-auth rule ${String(rule.id)} (wiki.example.com/edit)`);
    const updated = JSON.parse((await ok(['forward-auth', 'rules', 'update', '--id', String(rule.id), '--allowed-group', '--no-require-mfa'])).stdout) as Record<string, unknown>;
    expect(updated).to.include({ require_mfa: false, path_prefix: '/edit' });
    expect(updated.allowed_groups).to.deep.equal([]);
    expect((await ok(['forward-auth', 'rules', 'list'])).stdout).to.include('wiki.example.com\t/edit\t-\t*');
    await ok(['forward-auth', 'rules', 'delete', '--id', String(rule.id)]);
    expect((await cli(['forward-auth', 'rules', 'delete', '--id', String(rule.id)])).code).to.equal(1);
    await ok(['groups', 'delete', '--name', 'wiki-editors']);
  });

  it('oidc-clients create and update take --allowed-group and --require-mfa; update changes only what is given', async () => {
    await ok(['groups', 'create', '--name', 'grafana-users']);
    const created = JSON.parse((await ok(['oidc-clients', 'create', '--name', 'Grafana', '--redirect-uri', 'https://g.example.com/cb', '--allowed-group', 'grafana-users'])).stdout) as Record<string, unknown>;
    expect(created.allowed_groups).to.have.length(1);
    expect(created.require_mfa).to.equal(false);
    const id = String(created.client_id);
    const updated = JSON.parse((await ok(['oidc-clients', 'update', '--client-id', id, '--name', 'Grafana 2', '--require-mfa'])).stdout) as Record<string, unknown>;
    expect(updated).to.include({ name: 'Grafana 2', require_mfa: true, skip_consent: false });
    expect(updated.allowed_groups).to.deep.equal(created.allowed_groups);
    expect(updated.redirect_uris).to.deep.equal(['https://g.example.com/cb']);
    const refused = await cli(['groups', 'delete', '--name', 'grafana-users']);
    expect(refused.stderr).to.include(`used by OpenID client ${id} (Grafana 2)`);
    expect((await cli(['oidc-clients', 'update', '--client-id', 'nope', '--name', 'x'])).code).to.equal(1);
  });
});
