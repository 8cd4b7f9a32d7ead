import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { CLI_PATH, ROOT, ensureBuilt } from '../support/cli/run-cli.js';

/** Resolves with the port from the "listening" log line (PORT=0 lets the kernel pick a free one). */
const listeningPort = (child: ChildProcessWithoutNullStreams): Promise<number> =>
  new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${output}`)));
  });

describe('gatehouse serve', function () {
  this.timeout(30_000);
  let database: CliDatabase;

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
  });
  after(() => database.cleanup());

  it('migrates, answers healthz, and exits 0 promptly on SIGTERM', async () => {
    const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', SERVICE_LOG_LEVEL: 'info' };
    const child = spawn(process.execPath, [CLI_PATH, 'serve'], { cwd: ROOT, env });
    const port = await listeningPort(child);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/healthz`);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ status: 'ok' });
    expect(await database.db.schema.hasTable('users')).to.equal(true);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).to.equal(0);
  });

  it('with --no-migrate leaves an empty database untouched', async () => {
    const fresh = await createCliDatabase();
    try {
      const child = spawn(process.execPath, [CLI_PATH, 'serve', '--no-migrate'], {
        cwd: ROOT,
        env: { ...fresh.env, PORT: '0', HOST: '127.0.0.1', SERVICE_LOG_LEVEL: 'info' },
      });
      await listeningPort(child);
      expect(await fresh.db.schema.hasTable('users')).to.equal(false);
      child.kill('SIGTERM');
      expect((await once(child, 'exit'))[0]).to.equal(0);
    } finally {
      await fresh.cleanup();
    }
  });
});
