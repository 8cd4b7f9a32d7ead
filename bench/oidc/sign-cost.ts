/**
 * `tsx bench/oidc/sign-cost.ts [n]`: the CPU of one ID token signature by algorithm, as oidc-provider
 * makes it (jose's CompactSign over node:crypto keys), RS256 beside ES256 and EdDSA: n signatures
 * each (default 2 000), in alternating slices of 200 so a shared machine's load falls on all alike.
 * Writes bench/results/<timestamp>-oidc-sign-cost.md.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompactSign } from 'jose';
import { provenance, provenanceLine, stampOf } from '../lib/provenance.js';

const n = Number(process.argv[2] ?? 2_000);
const keys: Record<string, KeyObject> = {
  RS256: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  ES256: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
  EdDSA: generateKeyPairSync('ed25519').privateKey,
};
// An ID token's claims, about the size Gatehouse signs (sub, email, name, groups, amr, auth_time, sid…).
const payload = new TextEncoder().encode(JSON.stringify({ iss: 'https://id.example/gatehouse/oidc', sub: '0190b2c4-7d1e-7c3a-9f00-123456789abc', aud: 'client', iat: 1, exp: 2, nonce: 'n'.repeat(22), at_hash: 'h'.repeat(22), amr: ['pwd'], auth_time: 1, email: 'someone@example.com', email_verified: false, name: 'Some One', groups: ['ops'] }));
const cpu = Object.fromEntries(Object.keys(keys).map((alg) => [alg, 0]));
for (let done = 0; done < n; done += 200) {
  for (const [alg, key] of Object.entries(keys)) {
    const before = process.cpuUsage();
    for (let i = 0; i < 200; i++) await new CompactSign(payload).setProtectedHeader({ alg, kid: 'k' }).sign(key);
    const used = process.cpuUsage(before);
    cpu[alg]! += used.user + used.system;
  }
}
const lines = [`${n} signatures each, ${provenanceLine(provenance())}`, '', ...Object.entries(cpu).map(([alg, us]) => `${alg.padEnd(6)} ${(us / n).toFixed(0).padStart(5)} CPU µs a signature`)];
console.log(lines.join('\n'));
const results = join(import.meta.dirname, '..', 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `${stampOf(new Date())}-oidc-sign-cost.md`), `\`tsx bench/oidc/sign-cost.ts ${n}\`\n\n${lines.join('\n')}\n`);
