import { spawn } from 'node:child_process';
import { CLI_PATH, ROOT, type CliResult } from './run-cli.js';

const shellQuote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the CLI under a pseudo-terminal (util-linux `script`) and types each answer, followed by
 * Enter, once the prompt before it has appeared: typing earlier would echo in cooked mode.
 */
export const runInPty = (args: string[], env: NodeJS.ProcessEnv, answers: { after: string; type: string }[]): Promise<CliResult> =>
  new Promise((done, fail) => {
    const command = [process.execPath, CLI_PATH, ...args].map(shellQuote).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env, stdio: 'pipe' });
    let output = '';
    let next = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const answer = answers[next];
      if (answer && output.includes(answer.after, output.length - chunk.length - answer.after.length)) {
        next += 1;
        setTimeout(() => child.stdin.write(`${answer.type}\r`), 50);
      }
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout: output, stderr: '' }));
  });
