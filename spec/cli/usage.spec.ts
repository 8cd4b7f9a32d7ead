import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT, ensureBuilt, runCli } from '../support/cli/run-cli.js';

const env = { PATH: process.env.PATH, SERVICE_DATABASE_URL: 'sqlite:///nonexistent/never-opened.sqlite3' };

describe('gatehouse usage errors', function () {
  before(function () {
    this.timeout(120_000);
    ensureBuilt();
  });

  it('has no --password option: exit 2, and the value is not repeated', async () => {
    const result = await runCli(['create-admin', '--email', 'a@example.com', '--password', 'hunter2-hunter2-hunter2'], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('--password');
    expect(result.stderr).not.to.include('hunter2');
  });

  it('requires --email: exit 2', async () => {
    const result = await runCli(['create-admin', '--password-stdin'], env, 'correct-horse-battery-staple-42');
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/email/);
  });

  it('never echoes a stray positional argument', async () => {
    const result = await runCli(['create-admin', '--email', 'a@example.com', 'my-secret-value'], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).not.to.include('my-secret-value');
  });

  it('exits 2 without a command or with an unknown one', async () => {
    expect((await runCli([], env)).code).to.equal(2);
    expect((await runCli(['frobnicate'], env)).code).to.equal(2);
  });

  it('prints the package version on --version, with exit 0', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version'], env);
    expect(result).to.include({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints help on stdout with exit 0', async () => {
    const result = await runCli(['--help'], env);
    expect(result.code).to.equal(0);
    expect(result.stdout).to.include('create-admin');
  });

  it('stops serve before it listens on a configuration error, with a line naming the variable', async () => {
    const result = await runCli(['serve'], { ...env, SERVICE_ENVIRONMENT: 'bogus' });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^SERVICE_ENVIRONMENT: /m);
  });

  it('never prints SERVICE_SECRET_KEY, even when it is the problem', async () => {
    const secret = 'short-secret-value';
    const result = await runCli(['migrate', 'status'], { ...env, SERVICE_ENVIRONMENT: 'production', SERVICE_SECRET_KEY: secret });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^SERVICE_SECRET_KEY: /m);
    expect(result.stderr).not.to.include(secret);
  });
});
