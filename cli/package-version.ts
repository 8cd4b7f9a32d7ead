import { readFileSync } from 'node:fs';

/** The version in package.json, found from this file's place in a checkout (cli/) or a build (dist/cli/). */
export const packageVersion = (): string => {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'gatehouse' && manifest.version) return manifest.version;
    } catch {
      // not at this level; try the next one up
    }
  }
  return 'unknown';
};
