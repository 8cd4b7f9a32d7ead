import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { requestExamples } from '../../../src/api/openapi/request-bodies.js';
import { ROOT, ensureBuilt } from '../../support/cli/run-cli.js';
import { readDoc } from '../../support/docs/markdown.js';
import { terminalBlocks } from '../../support/docs/readme-blocks.js';
import { canIsolate, portIsFree, runTwoTerminals, type TerminalRun } from '../../support/docs/two-terminals.js';

const ADMIN_PASSWORD = 'typed at the prompt, never shown 7';
const START_SCRIPT = 'npm run build --silent && node dist/cli/main.js serve';

/** The JSON bodies curl printed, one per line, in order. */
const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("README.md's first ten minutes, pasted line by line into two terminals", function () {
  this.timeout(120_000);
  let folder: string;
  let run: TerminalRun;
  let db: Knex;

  before(async () => {
    ensureBuilt();
    folder = await mkdtemp(join(tmpdir(), 'gatehouse-readme-'));
    const isolated = canIsolate();
    if (!isolated && !(await portIsFree(3000))) {
      throw new Error(
        "README.md's walk-through talks to localhost:3000. This machine can neither give the spec a network namespace " +
          'of its own (unshare --user --net) nor has port 3000 free: free the port, or allow unprivileged user namespaces.',
      );
    }
    // Terminal 2's password prompt takes the line typed after it, exactly as in a terminal.
    const lines = terminalBlocks(2).join('');
    const afterPrompt = lines.indexOf('\n', lines.indexOf('read -rs')) + 1;
    const typed = `${lines.slice(0, afterPrompt)}${ADMIN_PASSWORD}\n${lines.slice(afterPrompt)}`;
    run = await runTwoTerminals({
      // `npm start` after `npm install`; the suite has just built dist/, so the build step is skipped.
      serverCommand: START_SCRIPT.split(' && ')[1]!,
      typed,
      // A fresh database and nothing of the surrounding configuration: the defaults a newcomer has.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: folder, SERVICE_DATABASE_URL: `sqlite://${join(folder, 'gatehouse.sqlite3')}` },
      serverLogPath: join(folder, 'terminal-1.log'),
      isolated,
    });
    db = openDatabase(`sqlite://${join(folder, 'gatehouse.sqlite3')}`);
  });
  after(async () => {
    await db?.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps the promise of one command that installs and runs, and one that tests', () => {
    const readme = readDoc('README.md');
    expect(readme).to.include('```sh\nnpm install && npm start\n```').and.include('```sh\nnpm test\n```');
    expect(terminalBlocks(1)).to.deep.equal(['npm install && npm start\n']);
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).to.equal(START_SCRIPT);
  });

  it('runs every line of terminal 2 to the end', () => {
    expect(terminalBlocks(2).length).to.be.greaterThan(3);
    expect(run.code, `${run.stdout}\n${run.stderr}\n${run.serverLog}`).to.equal(0);
  });

  it('starts with the line the README quotes, naming the docs page the README points to', () => {
    const listening = run.serverLog.split('\n').find((line) => line.includes('"msg":"listening'));
    const { msg, docs_url } = JSON.parse(listening ?? '{}') as { msg?: string; docs_url?: string };
    const quoted = /the one that says `([^`]+)`/.exec(readDoc('README.md'))?.[1]?.replace(/\s+/g, ' ');
    expect(msg).to.equal(quoted);
    expect(docs_url).to.equal('http://localhost:3000/api/v1/docs');
    expect(readDoc('README.md')).to.include('open the interactive docs at http://localhost:3000/api/v1/docs');
  });

  it('creates the admin from the hidden prompt, without ever showing the password', async () => {
    expect(run.stdout).to.match(/^Admin password: \ncreated admin admin@example\.com \(id [0-9a-f-]{36}\)$/m);
    expect(`${run.stdout}${run.stderr}${run.serverLog}`).not.to.include(ADMIN_PASSWORD);
    expect(await db('users').where({ email: 'admin@example.com' }).first('role')).to.deep.equal({ role: 'admin' });
  });

  it('registers, logs in, reads /users/me, renames with the cookie and Origin, and reads again with a token', () => {
    const ada = { email: 'ada@example.com', display_name: 'Ada' };
    const [registered, loggedIn, me, renamed, byToken, ...rest] = jsonLines(run.stdout);
    expect(registered).to.include(ada);
    expect(loggedIn).to.include(ada);
    expect(me).to.include(ada);
    expect(renamed).to.include({ email: 'ada@example.com', display_name: 'Ada Lovelace' });
    expect(byToken).to.include({ email: 'ada@example.com', display_name: 'Ada Lovelace' });
    expect(rest).to.deep.equal([]);
  });

  it('leaves what the walk-through says it made: one used invite and one token', async () => {
    expect(await db('invites').select('used_count', 'max_uses')).to.deep.equal([{ used_count: 1, max_uses: 1 }]);
    expect(await db('api_tokens').select('name')).to.deep.equal([{ name: 'my first script' }]);
  });

  it("registers the account that the docs page's login example names", () => {
    const { email, password } = requestExamples.LoginIn as { email: string; password: string };
    const register = terminalBlocks(2).find((block) => block.includes('/auth/register'));
    expect(register).to.include(email).and.include(password);
  });
});
