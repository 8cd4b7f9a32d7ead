import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { ROOT } from '../cli/run-cli.js';

export interface TerminalRun {
  code: number | null;
  /** What terminal 2 showed (stdout), and what it wrote to stderr. */
  stdout: string;
  stderr: string;
  /** Terminal 1's output: the server's log lines. */
  serverLog: string;
}

// Terminal 1 in the background, waiting for its "listening" line; then terminal 2 reads its lines
// (and what is typed at its prompts) from stdin, as pasted; then terminal 1 gets Ctrl-C's SIGINT.
const RUNNER = String.raw`
PATH="$PATH:/usr/sbin:/sbin"
if [ "$ISOLATED" = 1 ]; then ip link set lo up || exit 96; fi
$SERVER_COMMAND > "$SERVER_LOG" 2>&1 < /dev/null &
server=$!
for _ in $(seq 1 600); do
  grep -q '"msg":"listening' "$SERVER_LOG" && break
  kill -0 "$server" 2> /dev/null || break
  sleep 0.05
done
grep -q '"msg":"listening' "$SERVER_LOG" || { echo "terminal 1 did not start listening" >&2; exit 97; }
bash -s
status=$?
kill -INT "$server"
wait "$server"
exit "$status"
`;

/** A network namespace of our own (unprivileged: a user namespace too), where port 3000 is ours alone. */
export const canIsolate = (): boolean =>
  spawnSync('unshare', ['--user', '--map-root-user', '--net', 'sh', '-c', 'PATH="$PATH:/usr/sbin:/sbin"; ip link set lo up'], {
    stdio: 'ignore',
  }).status === 0;

export const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });

/**
 * Runs terminal 1's server command and feeds `typed` to a shell as terminal 2, from the
 * repository's root, in a private network namespace when `isolated`.
 */
export const runTwoTerminals = (options: {
  serverCommand: string;
  typed: string;
  env: NodeJS.ProcessEnv;
  serverLogPath: string;
  isolated: boolean;
}): Promise<TerminalRun> =>
  new Promise((resolve, reject) => {
    const shell = ['bash', '-c', RUNNER];
    const [command, ...args] = options.isolated ? ['unshare', '--user', '--map-root-user', '--net', ...shell] : shell;
    const env = {
      ...options.env,
      ISOLATED: options.isolated ? '1' : '0',
      SERVER_COMMAND: options.serverCommand,
      SERVER_LOG: options.serverLogPath,
    };
    const child = spawn(command!, args, { cwd: ROOT, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      readFile(options.serverLogPath, 'utf8').then((serverLog) => resolve({ code, stdout, stderr, serverLog }), reject);
    });
    child.stdin.end(options.typed);
  });
