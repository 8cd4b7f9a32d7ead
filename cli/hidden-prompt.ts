import type { ReadStream } from 'node:tty';
import { EXIT_INTERRUPTED } from './exit-codes.js';
import { UsageError } from './usage-error.js';

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const CTRL_U = '\u0015';
const BACKSPACES = new Set(['\u007f', '\b']);

/**
 * A terminal prompt that does not echo: the TTY goes into raw mode and we edit the line ourselves.
 * Keys typed ahead (both passwords pasted at once) are kept for the next prompt.
 */
export const createHiddenPrompt = (input: ReadStream, output: NodeJS.WritableStream) => {
  let typedAhead = '';
  let skipLineFeed = false; // a CR LF pair split across two reads is one Enter

  return (prompt: string): Promise<string> =>
    new Promise((resolve, reject) => {
      let line = '';
      output.write(prompt);
      const finish = (error?: Error) => {
        input.off('data', feed);
        input.off('end', onEnd);
        input.setRawMode(false);
        input.pause();
        output.write('\n');
        if (error) reject(error);
        else resolve(line);
      };
      const onEnd = () => finish(new UsageError('the terminal closed before a password was entered'));
      const feed = (chunk: string | Buffer): void => {
        const text = chunk.toString();
        for (let i = 0; i < text.length; i += 1) {
          const ch = text.charAt(i);
          if (skipLineFeed && ch === '\n') continue;
          skipLineFeed = false;
          if (ch === '\r' || ch === '\n') {
            skipLineFeed = ch === '\r';
            typedAhead = text.slice(i + 1);
            return finish();
          }
          if (ch === CTRL_C) return finish(new UsageError('interrupted', EXIT_INTERRUPTED));
          if (ch === CTRL_D && line === '') return onEnd();
          if (ch === CTRL_U) line = '';
          else if (BACKSPACES.has(ch)) line = Array.from(line).slice(0, -1).join('');
          else line += ch;
        }
      };
      input.setRawMode(true);
      input.setEncoding('utf8');
      input.on('data', feed);
      input.on('end', onEnd);
      input.resume();
      const pending = typedAhead;
      typedAhead = '';
      if (pending) feed(pending);
    });
};
