import { expect } from 'chai';
import { composeService } from '../../src/compose.js';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const PASSWORD = 'correct-horse-battery-staple-42';
const NEW_PASSWORD = 'violet tractor hums at dawn 7';
const CODE_LINE = /^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}\n$/;

/** The way back in when the only admin has lost its password: the spawned command, then the code redeemed. */
describe('gatehouse recovery-code', function () {
  let database: CliDatabase;
  const recoveryCode = (args: string[]) => runCli(['recovery-code', ...args], database.env);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
    const admin = await runCli(['create-admin', '--email', 'only-admin@example.com', '--password-stdin'], database.env, PASSWORD);
    expect(admin.code, admin.stderr).to.equal(0);
  });
  after(() => database.cleanup());

  it('prints only the code, alone on one line, and the rest on stderr; the code lets the admin back in once', async () => {
    const result = await recoveryCode(['--email', 'Only-Admin@Example.com']);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(CODE_LINE);
    expect(result.stderr).to.match(/works once, until \d{4}-\d{2}-\d{2}T/);
    expect(result.stderr).not.to.include(result.stdout.trim());
    const service = composeService({ databaseUrl: database.url, databasePoolMax: 1, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null, secretKey: 'recovery-code-spec-secret-key-0123456789' });
    try {
      const context = { clientAddress: null, userAgent: null, presentedSessionToken: null };
      const input = { email: 'only-admin@example.com', code: result.stdout.trim(), new_password: NEW_PASSWORD };
      expect((await service.useCases.recoverAccount(input, context)).user.email).to.equal('only-admin@example.com');
      const again = await service.useCases.recoverAccount(input, context).catch((error: { code: string }) => error.code);
      expect(again).to.equal('recovery_invalid');
    } finally {
      await service.close();
    }
    const [row] = await database.db('security_events').where({ type: 'recovery_issued' }).select('actor', 'actor_id');
    expect(row).to.deep.equal({ actor: 'operator', actor_id: null });
  });

  it('stores the code only as its hash', async () => {
    const result = await recoveryCode(['--email', 'only-admin@example.com']);
    const rows = await database.db('account_recoveries').select('*');
    expect(rows).to.have.length(1); // the earlier code is void
    expect(JSON.stringify(rows)).not.to.include(result.stdout.trim().replaceAll('-', ''));
  });

  it('refuses an email that has no account with exit 1, printing nothing on stdout', async () => {
    const result = await recoveryCode(['--email', 'nobody@example.com']);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.match(/no such account/);
  });

  it('refuses a missing --email with exit 2', async () => {
    const result = await recoveryCode([]);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
  });
});
