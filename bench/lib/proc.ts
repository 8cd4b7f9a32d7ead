import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux ABI Node runs on; /proc reports CPU time in these ticks.
const TICK_MS = 10;

// The command name may contain spaces and parentheses: count fields after the last ')'.
const fieldsOf = (stat: string): string[] => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** A /proc stat file's command name, and its utime and stime in milliseconds. */
const statOf = (statFile: string): { name: string; userMs: number; kernelMs: number } => {
  const stat = readFileSync(statFile, 'utf8');
  const fields = fieldsOf(stat);
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), userMs: Number(fields[11]) * TICK_MS, kernelMs: Number(fields[12]) * TICK_MS };
};

const cpuMsIn = (statFile: string): number => {
  const { userMs, kernelMs } = statOf(statFile);
  return userMs + kernelMs;
};

/** utime + stime of a process (all its threads), in milliseconds. */
export const cpuMsOf = (pid: number): number => cpuMsIn(`/proc/${pid}/stat`);

/** utime + stime of a process's main thread alone (the event loop; not libuv's pool), in milliseconds. */
export const mainThreadCpuMsOf = (pid: number): number => cpuMsIn(`/proc/${pid}/task/${pid}/stat`);

/** Every thread of a process by its id: its name, and its CPU (utime + stime) and the kernel's share of it, in milliseconds. */
export const threadCpuOf = (pid: number): Map<string, { name: string; ms: number; kernelMs: number }> =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const { name, userMs, kernelMs } = statOf(`/proc/${pid}/task/${tid}/stat`);
      return [tid, { name, ms: userMs + kernelMs, kernelMs }];
    }),
  );

/** Resident set size in MB, from /proc/<pid>/status. */
export const rssMbOf = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/**
 * The whole machine's busy CPU (every core: user, nice, system, irq, softirq, steal; not idle or
 * iowait) in milliseconds since boot, from the first line of /proc/stat.
 */
export const machineBusyMsOf = (stat = readFileSync('/proc/stat', 'utf8')): number => {
  const ticks = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
};

/**
 * utime + stime of this process and of its children that have exited and been waited for (cutime,
 * cstime), in milliseconds: a bench's own CPU and that of the wrk processes it ran to completion.
 */
export const selfAndChildrenCpuMs = (): number => {
  const fields = fieldsOf(readFileSync('/proc/self/stat', 'utf8'));
  return [11, 12, 13, 14].reduce((ms, at) => ms + Number(fields[at]) * TICK_MS, 0);
};
