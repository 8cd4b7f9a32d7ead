import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const PASSWORD = 'correct-horse-battery-staple-42';

describe('gatehouse create-invite', function () {
  let database: CliDatabase;
  const createInvite = (args: string[]) => runCli(['create-invite', ...args], database.env);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
    const admin = await runCli(['create-admin', '--email', 'boss@example.com', '--password-stdin'], database.env, PASSWORD);
    expect(admin.code, admin.stderr).to.equal(0);
    await database.db('users').insert({
      ...(await database.db('users').where({ email: 'boss@example.com' }).first()),
      id: '0193aaaaaaaa7aaa8aaaaaaaaaaaaaaa',
      email: 'member@example.com',
      role: 'member',
    });
  });
  after(() => database.cleanup());

  it('prints only the code, alone on one line, and details on stderr', async () => {
    const result = await createInvite(['--by', 'Boss@Example.com', '--max-uses', '3', '--expires-in-days', '2']);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^\S{16,}\n$/);
    expect(result.stderr).to.match(/up to 3 use/);
    const invites = await database.db('invites').select('max_uses');
    expect(invites).to.deep.equal([{ max_uses: 3 }]);
  });

  it('refuses an unknown --by with exit 1', async () => {
    const result = await createInvite(['--by', 'nobody@example.com']);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
  });

  it('refuses a member as --by with exit 1', async () => {
    const result = await createInvite(['--by', 'member@example.com']);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
  });

  it('refuses an out-of-range --max-uses as `max_uses: msg` with exit 2', async () => {
    const result = await createInvite(['--by', 'boss@example.com', '--max-uses', '0']);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^max_uses: /m);
  });
});
