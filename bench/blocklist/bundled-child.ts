import { BundledBreachList } from '../../src/adapters/blocklist/bundled-breach-list.js';

/**
 * Run by run.ts in a fresh `node --expose-gc` process: how long the first password check takes to
 * build the bundled set, and how much heap the set keeps once the file it came from is collected.
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
gc();
const before = process.memoryUsage().heapUsed;
const started = process.hrtime.bigint();
const list = new BundledBreachList();
await list.isBreached('quiet harbour lanterns');
const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
gc();
const retainedKiB = (process.memoryUsage().heapUsed - before) / 1024;
const checks = 100_000;
const checkStarted = process.hrtime.bigint();
for (let index = 0; index < checks; index += 1) await list.isBreached(`candidate password ${index}`);
const checkUs = Number(process.hrtime.bigint() - checkStarted) / 1e3 / checks;
console.log(JSON.stringify({ entries: await list.countEntries(), buildMs, retainedKiB, checkUs }));
