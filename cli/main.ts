#!/usr/bin/env node
import type { ReadStream } from 'node:tty';
import { text } from 'node:stream/consumers';
import { buildCli } from './build-cli.js';
import { createHiddenPrompt } from './hidden-prompt.js';

// The only file that touches `process`: everything else receives these through CliIo.
const promptHidden = createHiddenPrompt(process.stdin as ReadStream, process.stderr);

await buildCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdinIsTTY: process.stdin.isTTY === true,
  readStdin: () => text(process.stdin),
  promptHidden,
  stdout: (chunk) => void process.stdout.write(chunk),
  stderr: (chunk) => void process.stderr.write(chunk),
  exit: (code) => process.exit(code),
}).run();
