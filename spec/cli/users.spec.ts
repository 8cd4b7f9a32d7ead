import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { composeService } from '../../src/compose.js';
import { countRows } from '../support/db/count-rows.js';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

const PASSWORD = 'correct-horse-battery-staple-42';
const ADMIN_USER_KEYS = ['id', 'email', 'display_name', 'username', 'created_at', 'disabled', 'mfa', 'last_login_at'];

describe('gatehouse users list|disable|enable|set-role|reset-mfa', function () {
  this.timeout(60_000);
  let database: CliDatabase;
  let memberId: string;
  const users = (args: string[]) => runCli(['users', ...args], database.env);
  const row = (email: string) => database.db('users').where({ email }).first();
  const operatorEvents = (type: string) => countRows(database.db, 'security_events', { type, actor: 'operator', user_id: toStoredId(memberId) });

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
    expect((await runCli(['create-admin', '--email', 'boss@example.com', '--password-stdin'], database.env, PASSWORD)).code).to.equal(0);
    // A member registers the ordinary way, through the service on the same database.
    const service = composeService({ databaseUrl: database.url, databasePoolMax: 1, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null });
    const { code } = await service.useCases.createInviteAsOperator('boss@example.com', {});
    const context = { clientAddress: null, userAgent: null, presentedSessionToken: null };
    const registered = await service.useCases.registerWithInvite({ invite_code: code, email: 'ada@example.com', password: PASSWORD, display_name: 'Ada' }, context);
    memberId = registered.user.id;
    await service.close();
  });
  after(() => database.cleanup());

  it('lists every user as a readable table, oldest first', async () => {
    const result = await users(['list']);
    expect(result.code, result.stderr).to.equal(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).to.match(/^EMAIL\s+DISPLAY NAME\s+STATUS\s+MFA\s+LAST LOGIN\s+ID$/);
    expect(lines[1]).to.match(/^boss@example\.com\s+boss\s+enabled\s+no\s+never\s+[0-9a-f-]{36}$/);
    expect(lines[2]).to.include('ada@example.com').and.include('Ada');
    expect(lines[3]).to.equal('2 user(s)');
  });

  it('prints a JSON array of AdminUserOut with --json, and no role', async () => {
    const result = await users(['list', '--json']);
    expect(result.code, result.stderr).to.equal(0);
    const listed = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(listed.map((u) => u.email)).to.deep.equal(['boss@example.com', 'ada@example.com']);
    for (const user of listed) expect(user).to.have.all.keys(...ADMIN_USER_KEYS);
    expect(listed[1]).to.include({ id: memberId, disabled: false, mfa: false, last_login_at: null });
  });

  it('disables and enables an account, recorded with actor operator', async () => {
    const disabled = await users(['disable', '--email', 'Ada@Example.com']);
    expect(disabled.code, disabled.stderr).to.equal(0);
    expect((await row('ada@example.com')).disabled_at).not.to.equal(null);
    expect(JSON.parse((await users(['list', '--json'])).stdout)[1].disabled).to.equal(true);
    expect((await users(['enable', '--email', 'ada@example.com'])).code).to.equal(0);
    expect((await row('ada@example.com')).disabled_at).to.equal(null);
    expect([await operatorEvents('user_disabled'), await operatorEvents('user_enabled')]).to.deep.equal([1, 1]);
  });

  it('sets a role both ways, recorded as role_changed', async () => {
    expect((await users(['set-role', '--email', 'ada@example.com', '--role', 'admin'])).code).to.equal(0);
    expect((await row('ada@example.com')).role).to.equal('admin');
    expect((await users(['set-role', '--email', 'ada@example.com', '--role', 'member'])).code).to.equal(0);
    expect((await row('ada@example.com')).role).to.equal('member');
    expect(await operatorEvents('role_changed')).to.equal(2);
  });

  it('resets an account\'s second factors (none is fine), recorded as mfa_reset_by_admin', async () => {
    expect((await users(['reset-mfa', '--email', 'ada@example.com'])).code).to.equal(0);
    expect(await operatorEvents('mfa_reset_by_admin')).to.equal(1);
  });

  it('refuses to leave no enabled admin: demoting or disabling the only one exits 1, nothing changes', async () => {
    for (const args of [['set-role', '--email', 'boss@example.com', '--role', 'member'], ['disable', '--email', 'boss@example.com']]) {
      const result = await users(args);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('at least one enabled administrator');
    }
    expect(await row('boss@example.com')).to.include({ role: 'admin', disabled_at: null });
  });

  for (const command of ['disable', 'enable', 'reset-mfa']) {
    it(`${command}: an email with no account exits 1`, async () => {
      const result = await users([command, '--email', 'nobody@example.com']);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('no such account');
    });
  }

  it('set-role: an email with no account exits 1; a role that is neither admin nor member, or no --email, exits 2', async () => {
    expect((await users(['set-role', '--email', 'nobody@example.com', '--role', 'admin'])).code).to.equal(1);
    expect((await users(['set-role', '--email', 'ada@example.com', '--role', 'owner'])).code).to.equal(2);
    expect((await users(['disable'])).code).to.equal(2);
    expect((await users([])).code).to.equal(2);
  });
});
