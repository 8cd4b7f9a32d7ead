import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { CLI_PATH, ROOT, ensureBuilt, runCli } from '../support/cli/run-cli.js';

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

  /** The first line `serve` prints once it listens, parsed. */
  const startUpLine = async (extra: Record<string, string>): Promise<Record<string, unknown>> => {
    const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', SERVICE_LOG_LEVEL: 'info', ...extra };
    const child = spawn(process.execPath, [CLI_PATH, 'serve'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await listeningPort(child);
    child.kill('SIGTERM');
    await once(child, 'exit');
    const lines = output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    return lines.find((line) => String(line.msg).startsWith('listening')) ?? {};
  };

  it('names the docs page on the public URL in its start-up line', async () => {
    const line = await startUpLine({ SERVICE_PUBLIC_URL: 'http://localhost:4321' });
    expect(line.docs_url).to.equal('http://localhost:4321/api/v1/docs');
    expect(line.msg).to.match(/^listening on 127\.0\.0\.1:\d+; API docs at http:\/\/localhost:4321\/api\/v1\/docs$/);
  });

  it('names no docs page in production, where there is none', async () => {
    const line = await startUpLine({
      SERVICE_ENVIRONMENT: 'production',
      SERVICE_PUBLIC_URL: 'https://id.example.com',
      SERVICE_SECRET_KEY: 'production-secret-key-for-the-cli-tests-0123456789',
    });
    expect(line.msg).to.match(/^listening on 127\.0\.0\.1:\d+$/);
    expect(line).not.to.have.property('docs_url');
  });

  it('refuses to start in production on a remote PostgreSQL URL without TLS: one line naming the variable, no password, before listening', async () => {
    const result = await runCli(['serve', '--no-migrate'], {
      PATH: process.env.PATH,
      SERVICE_ENVIRONMENT: 'production',
      SERVICE_PUBLIC_URL: 'https://id.example.com',
      SERVICE_SECRET_KEY: 'production-secret-key-for-the-cli-tests-0123456789',
      SERVICE_DATABASE_URL: 'postgres://gatehouse:hunter2-db-password@db.internal.example:5432/gatehouse',
      PORT: '0',
    });
    expect(result.code).not.to.equal(0);
    expect(result.stderr).to.include('SERVICE_DATABASE_URL: a PostgreSQL server on another host needs TLS in production');
    expect(result.stdout + result.stderr).not.to.include('hunter2').and.not.to.include('listening');
  });

  it('writes every access-log line before it exits on SIGTERM, requests in flight at the signal included', async () => {
    const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', SERVICE_LOG_LEVEL: 'info' };
    const child = spawn(process.execPath, [CLI_PATH, 'serve'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await listeningPort(child);
    const answered: string[] = [];
    const get = async (): Promise<void> => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/healthz`).catch(() => null);
      if (response?.status === 200) answered.push(String(response.headers.get('x-request-id')));
      await response?.arrayBuffer();
    };
    const batch = (n: number) => Promise.all(Array.from({ length: n }, get));
    for (let round = 0; round < 10; round++) await batch(50); // 500 answered, their lines buffered or not
    const inFlight = batch(50); // and 50 more on their way as the signal lands
    child.kill('SIGTERM');
    await inFlight;
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).to.equal(0);

    const logged = new Set(
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'request')
        .map((line) => String(line.request_id)),
    );
    expect(answered.length).to.be.at.least(500);
    expect(answered.filter((id) => !logged.has(id))).to.deep.equal([]);
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
