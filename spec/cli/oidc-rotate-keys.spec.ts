import { expect } from 'chai';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';

describe('gatehouse oidc rotate-keys during a database outage', function () {
  this.timeout(60_000);
  before(function () {
    this.timeout(120_000);
    ensureBuilt();
  });

  it('answers the CLI\'s unavailable line and exit 1, not a raw database error', async () => {
    // Nothing listens on port 1: every connection attempt is refused, as during an outage.
    const result = await runCli(['oidc', 'rotate-keys'], { ...process.env, SERVICE_ENVIRONMENT: 'test', SERVICE_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/gatehouse' });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.include('the database is unavailable; nothing was changed, try again later');
    expect(result.stderr).not.to.include('ECONNREFUSED');
  });
});
