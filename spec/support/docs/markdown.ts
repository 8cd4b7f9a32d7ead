import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../cli/run-cli.js';

/** README.md and every Markdown file under docs/, as paths relative to the repository root. */
export const documentationFiles = (): string[] => [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
];

export const readDoc = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens. */
export const slugOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

export const anchorsOf = (markdown: string): Set<string> =>
  new Set([...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slugOf(match[1] ?? '')));

/** Inline links `[text](target)` outside fenced code blocks. */
export const linksOf = (markdown: string): string[] =>
  [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
