import argon2 from 'argon2';
import { ARGON2_PARAMETERS } from '../../src/adapters/argon2-password-hasher.js';

/**
 * Reference (c): argon2id with the service's parameters, in this process, two in flight (one per
 * core): the physical limit for logins (verify) and registrations (hash). Prints one JSON line.
 */
const PASSWORD = 'lantern-orchard-quietly-9417';
const [warmupS, measureS] = [Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 10)];

const saturate = async (work: () => Promise<unknown>, seconds: number): Promise<{ perSecond: number; cpuMsEach: number }> => {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (performance.now() < until) {
      await work();
      done += 1;
    }
  };
  await Promise.all([lane(), lane()]);
  const used = process.cpuUsage(cpu);
  return { perSecond: done / ((performance.now() - started) / 1000), cpuMsEach: (used.user + used.system) / 1000 / done };
};

const hash = await argon2.hash(PASSWORD, ARGON2_PARAMETERS);
const verify = () => argon2.verify(hash, PASSWORD);
const fresh = () => argon2.hash(PASSWORD, ARGON2_PARAMETERS);
await saturate(verify, warmupS);
const verified = await saturate(verify, measureS);
const hashed = await saturate(fresh, measureS / 2);
// What the process keeps once the hashes are done (the allocator's share: blocks kept or handed back).
await new Promise((resolve) => setTimeout(resolve, 1000));
const rssMb = Math.round(process.memoryUsage().rss / 1048576);
console.log(JSON.stringify({ verify: verified, hash: hashed, rssMb }));
