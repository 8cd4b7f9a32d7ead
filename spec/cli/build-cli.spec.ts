import { expect } from 'chai';
import type { CliIo } from '../../cli/cli-io.js';
import { buildCli } from '../../cli/build-cli.js';

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

  it('exits 2 on differing prompt answers without opening the database', async () => {
    const answers = ['first-long-password-1', 'second-long-password-2'];
    const result = await run(['create-admin', '--email', 'a@example.com'], {
      stdinIsTTY: true,
      promptHidden: () => Promise.resolve(answers.shift() ?? ''),
    });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/do not match/);
  });

  it('lists the commands on --help with exit 0', async () => {
    const result = await run(['--help']);
    expect(result.code).to.equal(0);
    for (const command of ['serve', 'migrate', 'db', 'create-admin', 'create-invite']) expect(result.stdout).to.include(command);
  });
});
