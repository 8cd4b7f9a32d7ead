import { execFileSync, spawn } from 'node:child_process';

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors plus non-2xx responses: a load that fails is not a result. */
  errors: number;
}

export interface WrkLoad {
  url: string;
  script: string;
  connections: number;
  seconds: number;
  env?: Record<string, string>;
}

/** wrk is a Debian package; install it when missing (the benchmark needs root or sudo-less apt). */
export const ensureWrk = (): void => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return; // wrk --version exits 1
    console.log('installing wrk with apt-get');
    execFileSync('sh', ['-c', 'apt-get install -y wrk || (apt-get update && apt-get install -y wrk)'], { stdio: 'inherit' });
  }
};

/** Runs one bounded wrk load; the Lua script's done() prints one JSON line that is parsed here. */
export function runWrk(load: WrkLoad): Promise<WrkResult> {
  const threads = Math.min(2, load.connections);
  const args = ['-t', String(threads), '-c', String(load.connections), '-d', `${load.seconds}s`, '--timeout', '10s', '-s', load.script, load.url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, ...load.env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    // 'close', not 'exit': a process may exit before its stdout is read, and the summary line would be lost.
    child.once('close', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${output}`));
      const raw = JSON.parse(line.slice('BENCH_JSON '.length)) as Record<string, number>;
      const seconds = (raw.duration_us ?? 0) / 1e6;
      const requests = raw.requests ?? 0;
      resolve({
        requests,
        seconds,
        rps: requests / seconds,
        p50Ms: (raw.p50_us ?? 0) / 1000,
        p99Ms: (raw.p99_us ?? 0) / 1000,
        errors: (raw.errors ?? 0) + (raw.non2xx ?? 0),
      });
    });
  });
}
