import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { GATEHOUSE_MAIN } from './servers.js';

/** What a results file names besides its figures: the code measured and how busy the machine was. */
export interface Provenance {
  /** `git describe --always --dirty` of the working tree the bench ran from. */
  commit: string;
  /** The built CLI that served, and when it was built (BENCH_GATEHOUSE_MAIN may point at another build). */
  build: { main: string; builtAt: string | null };
  cores: number;
  /** 1, 5 and 15 minute load averages when the run started: other work on the machine lowers every rate. */
  loadAtStart: number[];
}

const commitOf = (): string => {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

const builtAt = (main: string): string | null => {
  try {
    return statSync(main).mtime.toISOString();
  } catch {
    return null;
  }
};

export const provenance = (): Provenance => ({ commit: commitOf(), build: { main: GATEHOUSE_MAIN, builtAt: builtAt(GATEHOUSE_MAIN) }, cores: cpus().length, loadAtStart: loadavg() });

/** One line for a results file's heading. */
export const provenanceLine = (p: Provenance): string =>
  `commit ${p.commit}, build of ${p.build.builtAt ?? 'unknown date'}, ${p.cores} cores, load average at start ${p.loadAtStart.map((l) => l.toFixed(2)).join(' ')}`;

/** A results file's stamp: the start instant, colons replaced (file names), milliseconds dropped. */
export const stampOf = (startedAt: Date): string => startedAt.toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
