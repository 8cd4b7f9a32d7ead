import { readDoc } from './markdown.js';

/**
 * The code blocks README.md marks with `<!-- first-ten-minutes: terminal N -->`, in order, as
 * they stand in the file: the spec runs these very lines, not a copy of them.
 */
export const terminalBlocks = (terminal: 1 | 2): string[] =>
  [...readDoc('README.md').matchAll(/<!-- first-ten-minutes: terminal (\d) -->\n```sh\n([\s\S]*?)```/g)]
    .filter((match) => Number(match[1]) === terminal)
    .map((match) => match[2] ?? '');
