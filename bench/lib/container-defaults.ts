import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The memory settings the image sets; the bench gives the server the same, so it measures what a container gets. */
const MEMORY_SETTINGS = ['GLIBC_TUNABLES', 'MALLOC_ARENA_MAX', 'UV_THREADPOOL_SIZE', 'NODE_OPTIONS'];

/** `NAME=value` pairs of the runtime stage's ENV instructions (the last FROM), continuation lines included. */
export const containerDefaults = (dockerfile = join(import.meta.dirname, '..', '..', 'Dockerfile')): Record<string, string> => {
  const text = readFileSync(dockerfile, 'utf8').replaceAll('\\\n', ' ');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const pairs = [...runtime.matchAll(/^ENV\s+(.*)$/gm)].flatMap((line) => [...(line[1] ?? '').matchAll(/([A-Z_]+)=("[^"]*"|\S+)/g)]);
  const settings = pairs.map(([, name, value]) => [name ?? '', (value ?? '').replace(/^"(.*)"$/, '$1')] as const);
  return Object.fromEntries(settings.filter(([name]) => MEMORY_SETTINGS.includes(name)));
};
