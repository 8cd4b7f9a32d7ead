import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { CLI_PATH, ROOT, ensureBuilt, runCli } from '../support/cli/run-cli.js';
import { PASSWORD } from '../support/constants.js';

/** A port nobody listens on now: the kernel picks one, and it is given back at once. */
const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

/** Resolves with the parsed "listening" line once `serve` prints it. */
const startUpLine = (child: ChildProcessWithoutNullStreams): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((parsed) => String(parsed.msg).startsWith('listening'));
      if (line) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${output}`)));
  });

describe('gatehouse serve on another PORT with no SERVICE_PUBLIC_URL (development and test)', function () {
  this.timeout(30_000);
  let database: CliDatabase;
  let child: ChildProcessWithoutNullStreams | undefined;

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
    expect((await runCli(['create-admin', '--email', 'port@example.com', '--password-stdin'], database.env, PASSWORD)).code).to.equal(0);
  });
  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
  after(() => database.cleanup());

  it('takes http://localhost:{PORT} as its public URL: the start-up line names it and a page sign-in from that origin works', async () => {
    const port = await freePort();
    // database.env holds only PATH, the database URL and SERVICE_ENVIRONMENT=test: no public URL.
    child = spawn(process.execPath, [CLI_PATH, 'serve', '--no-migrate'], { cwd: ROOT, env: { ...database.env, PORT: String(port) } });
    const line = await startUpLine(child);
    expect(line.docs_url).to.equal(`http://localhost:${port}/api/v1/docs`);
    expect(line.msg).to.equal(`listening on 0.0.0.0:${port}; API docs at http://localhost:${port}/api/v1/docs`);

    // What a browser on http://localhost:{PORT}/gatehouse/sign-in sends when the form is submitted.
    const response = await fetch(`http://127.0.0.1:${port}/gatehouse/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${port}` },
      body: new URLSearchParams({ email: 'port@example.com', password: PASSWORD }).toString(),
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/gatehouse/account');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('gh_session='))).to.equal(true);
  });

  it('still refuses the form from an origin on another port', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [CLI_PATH, 'serve', '--no-migrate'], { cwd: ROOT, env: { ...database.env, PORT: String(port) } });
    await startUpLine(child);
    const response = await fetch(`http://127.0.0.1:${port}/gatehouse/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
      body: new URLSearchParams({ email: 'port@example.com', password: PASSWORD }).toString(),
    });
    expect(response.status).to.equal(403);
    expect(response.headers.getSetCookie()).to.deep.equal([]);
  });
});
