import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

describe('gatehouse migrate and db check', function () {
  let database: CliDatabase;
  const cli = (...args: string[]) => runCli(args, database.env);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
  });
  after(() => database.cleanup());

  it('status lists the baseline as pending on a fresh database', async () => {
    const result = await cli('migrate', 'status');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^pending +0001_identity$/m);
  });

  it('latest applies it, and a second run has nothing to do', async () => {
    const first = await cli('migrate', 'latest');
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.match(/^applied +0001_identity$/m);
    expect(await database.db.schema.hasTable('users')).to.equal(true);
    expect((await cli('migrate', 'latest')).stdout).to.match(/already at the latest/);
  });

  it('db check finds no difference after migrating', async () => {
    const result = await cli('db', 'check');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.equal('no difference\n');
  });

  it('rollback reverts the most recent migration, and latest brings it back', async () => {
    const applied = [...(await cli('migrate', 'status')).stdout.matchAll(/^applied +(\S+)$/gm)].map((match) => match[1]);
    const newest = applied.at(-1);
    const down = await cli('migrate', 'rollback');
    expect(down.code, down.stderr).to.equal(0);
    expect(down.stdout).to.equal(`rolled back  ${newest}\n`);
    expect((await cli('migrate', 'status')).stdout).to.match(new RegExp(`^pending +${newest}$`, 'm'));
    expect((await cli('migrate', 'latest')).stdout).to.equal(`applied  ${newest}\n`);
  });

  it('db check lists a difference and exits 1 when the schema has drifted', async () => {
    await database.db.schema.alterTable('users', (table) => table.text('nickname'));
    const result = await cli('db', 'check');
    expect(result.code).to.equal(1);
    expect(result.stdout).to.include('nickname');
  });

  it('an unknown action is bad usage', async () => {
    expect((await cli('migrate', 'sideways')).code).to.equal(2);
  });
});
