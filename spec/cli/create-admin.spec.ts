import argon2 from 'argon2';
import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const PASSWORD = 'correct-horse-battery-staple-42';

describe('gatehouse create-admin', function () {
  let database: CliDatabase;
  const users = () => database.db('users').select('email', 'role', 'display_name', 'password_hash').orderBy('email');
  const createAdmin = (args: string[], stdin?: string) => runCli(['create-admin', ...args], database.env, stdin);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
  });
  after(() => database.cleanup());

  it('creates an admin from --password-stdin, stripping one trailing newline', async () => {
    const result = await createAdmin(['--email', 'Ops@Example.com', '--password-stdin'], `${PASSWORD}\n`);
    expect(result.code, result.stderr).to.equal(0);
    const rows = await users();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ email: 'ops@example.com', role: 'admin', display_name: 'ops' });
    expect(rows[0]?.password_hash).to.match(/^\$argon2/);
    expect(`${result.stdout}${result.stderr}`).not.to.include(PASSWORD);
  });

  it('refuses an existing email with exit 1 and changes nothing', async () => {
    const before = await users();
    const result = await createAdmin(['--email', 'ops@example.com', '--display-name', 'Other', '--password-stdin'], `${PASSWORD}-changed\n`);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/already exists/);
    expect(await users()).to.deep.equal(before);
  });

  it('allows a second admin at any time, with the given display name', async () => {
    const result = await createAdmin(['--email', 'second@example.com', '--display-name', 'Second Admin', '--password-stdin'], PASSWORD);
    expect(result.code, result.stderr).to.equal(0);
    const second = (await users()).find((user) => user.email === 'second@example.com');
    expect(second).to.include({ role: 'admin', display_name: 'Second Admin' });
  });

  it('stores a hash of exactly the piped password, whose CR LF ending is stripped', async () => {
    await createAdmin(['--email', 'crlf@example.com', '--password-stdin'], `${PASSWORD}\r\n`);
    const row = (await users()).find((user) => user.email === 'crlf@example.com');
    expect(await argon2.verify(String(row?.password_hash), PASSWORD)).to.equal(true);
  });

  it('without a terminal and without --password-stdin, exits 2 and creates nothing', async () => {
    const result = await createAdmin(['--email', 'notty@example.com'], PASSWORD);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/--password-stdin/);
    expect((await users()).map((user) => user.email)).not.to.include('notty@example.com');
  });

  it('prints a too-short password problem as `password: msg`, never the password itself', async () => {
    const result = await createAdmin(['--email', 'short@example.com', '--password-stdin'], 'tiny-secret');
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^password: /m);
    expect(`${result.stdout}${result.stderr}`).not.to.include('tiny-secret');
    expect((await users()).map((user) => user.email)).not.to.include('short@example.com');
  });

  it('refuses an existing email before reading a password from stdin', async () => {
    // Whatever stdin holds is never read: the refusal comes first.
    const result = await createAdmin(['--email', 'OPS@example.com', '--password-stdin'], 'tiny');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/already exists/).and.not.match(/^password: /m);
  });

  it('prints no JSON log line unless SERVICE_LOG_LEVEL asks for one, and never the password', async () => {
    const quiet = await createAdmin(['--email', 'quiet@example.com', '--password-stdin'], PASSWORD);
    expect(quiet.code, quiet.stderr).to.equal(0);
    expect(`${quiet.stdout}${quiet.stderr}`).not.to.match(/^\s*\{/m);
    expect(quiet.stdout).to.match(/^created admin quiet@example\.com \(id [0-9a-f-]{36}\)\n$/);

    const env = { ...database.env, SERVICE_LOG_LEVEL: 'info', SERVICE_SECRET_KEY: 'a-secret-key-that-must-never-be-printed' };
    const logged = await runCli(['create-admin', '--email', 'logged@example.com', '--password-stdin'], env, PASSWORD);
    expect(logged.code, logged.stderr).to.equal(0);
    const events = logged.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { security_event?: string });
    // The trail's event names belong to the use case; here it matters that the lines appear when asked for.
    expect(events.map((event) => event.security_event).filter(Boolean)).to.have.length.greaterThan(0);
    expect(logged.stdout).not.to.include('{');
    expect(`${logged.stdout}${logged.stderr}`).not.to.include(PASSWORD).and.not.include('a-secret-key-that-must-never-be-printed');
  });

  it('refuses a breached password as `password: is a known breached password`, exit 2, never printing it', async () => {
    const result = await createAdmin(['--email', 'breached@example.com', '--password-stdin'], 'ManchesterUnited');
    expect([result.code, result.stderr]).to.deep.equal([2, 'password: is a known breached password\ngatehouse: the input breaks the rules above; nothing was changed\n']);
    expect(`${result.stdout}${result.stderr}`.toLowerCase()).not.to.include('manchester');
  });

  it('stops with exit 2, naming SERVICE_PWNED_PASSWORDS_PATH, when that file is missing', async () => {
    const env = { ...database.env, SERVICE_PWNED_PASSWORDS_PATH: '/nonexistent/pwnedpasswords.txt' };
    const { code, stderr } = await runCli(['create-admin', '--email', 'nofile@example.com', '--password-stdin'], env, PASSWORD);
    expect([code, stderr]).to.deep.equal([2, 'gatehouse: invalid configuration\nSERVICE_PWNED_PASSWORDS_PATH: must name a readable file\n']);
  });

  it('refuses an invalid email as `email: msg`, with exit 2', async () => {
    const result = await createAdmin(['--email', 'not-an-email', '--password-stdin'], PASSWORD);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^email: /m);
    expect(result.stderr).not.to.include(PASSWORD);
  });
});
