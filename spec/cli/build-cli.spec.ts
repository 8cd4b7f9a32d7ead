import { expect } from 'chai';
import type { CliIo } from '../../cli/cli-io.js';
import { buildCli } from '../../cli/build-cli.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';

/** Runs the CLI in-process on a fake CliIo: nothing here touches `process`. */
const run = async (argv: string[], overrides: Partial<CliIo> = {}) => {
  const result = { code: -1, stdout: '', stderr: '' };
  await buildCli({
    argv,
    env: { SERVICE_ENVIRONMENT: 'test', SERVICE_DATABASE_URL: 'sqlite:///nonexistent/never-opened.sqlite3' },
    stdinIsTTY: false,
    readStdin: () => Promise.resolve(''),
    promptHidden: () => Promise.reject(new Error('no terminal in this test')),
    stdout: (text) => void (result.stdout += text),
    stderr: (text) => void (result.stderr += text),
    exit: (code) => void (result.code = code),
    ...overrides,
  }).run();
  return result;
};

describe('buildCli (in-process)', () => {
  it('refuses --password as bad usage before anything runs', async () => {
    const result = await run(['create-admin', '--email', 'a@example.com', '--password', 'hunter2-hunter2']);
    expect(result).to.include({ code: 2, stdout: '' });
    expect(result.stderr).to.include('--password').and.not.include('hunter2');
  });

  describe('create-admin on a migrated database', () => {
    let database: TempDatabase;
    before(async () => (database = await createTempDatabase()));
    after(() => database.cleanup());
    const onDatabase = (prompts: string[]): Partial<CliIo> => ({
      env: { SERVICE_ENVIRONMENT: 'test', SERVICE_DATABASE_URL: database.url },
      stdinIsTTY: true,
      promptHidden: (prompt) => {
        prompts.push(prompt);
        return Promise.resolve(prompts.length === 1 ? 'first-long-password-1' : 'second-long-password-2');
      },
    });

    it('exits 2 on differing prompt answers and creates nothing', async () => {
      const prompts: string[] = [];
      const result = await run(['create-admin', '--email', 'a@example.com'], onDatabase(prompts));
      expect(result.code).to.equal(2);
      expect(result.stderr).to.match(/do not match/);
      expect(prompts).to.deep.equal(['Password: ', 'Confirm password: ']);
      expect(await database.db('users').select('id')).to.deep.equal([]);
    });

    it('refuses an invalid email or display name before asking for the password', async () => {
      const prompts: string[] = [];
      const result = await run(['create-admin', '--email', 'not an email', '--display-name', 'a\u202eb'], onDatabase(prompts));
      expect(result.code).to.equal(2);
      expect(result.stderr).to.match(/^email: /m).and.match(/^display_name: /m);
      expect(prompts).to.deep.equal([]);
    });
  });

  it('lists the commands on --help with exit 0', async () => {
    const result = await run(['--help']);
    expect(result.code).to.equal(0);
    for (const command of ['serve', 'migrate', 'db', 'create-admin', 'create-invite']) expect(result.stdout).to.include(command);
  });
});
