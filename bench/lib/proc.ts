import { readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux ABI Node runs on; /proc reports CPU time in these ticks.
const TICK_MS = 10;

const cpuMsIn = (statFile: string): number => {
  const stat = readFileSync(statFile, 'utf8');
  // The command name may contain spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/** utime + stime of a process (all its threads), in milliseconds. */
export const cpuMsOf = (pid: number): number => cpuMsIn(`/proc/${pid}/stat`);

/** utime + stime of a process's main thread alone (the event loop; not libuv's pool), in milliseconds. */
export const mainThreadCpuMsOf = (pid: number): number => cpuMsIn(`/proc/${pid}/task/${pid}/stat`);

/** Resident set size in MB, from /proc/<pid>/status. */
export const rssMbOf = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};
