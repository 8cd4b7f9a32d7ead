import { randomUUID } from 'node:crypto';
import { composeService } from '../../../src/compose.js';

// Usage: oidc-race-worker.ts <url> consume|keys — prints `ready`, waits for a line on standard input
// (so every process starts at once), then either consumes the code `raced` five times at once and
// prints how many calls won, or adds a set of signing keys where none is current and prints `added` or `kept`.
const [url, mode] = process.argv.slice(2) as [string, 'consume' | 'keys'];
const config = { databaseUrl: url, databasePoolMax: 2, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null };
const service = composeService(config);
await service.db.raw('select 1'); // open the connection (and its pragmas) before the race starts
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
const { oidcPayloads, oidcKeys } = service.ports;
if (mode === 'consume') {
  const outcomes = await Promise.all(Array.from({ length: 5 }, () => oidcPayloads.consume('AuthorizationCode', 'raced', new Date())));
  console.log(outcomes.filter(Boolean).length);
} else {
  const key = (alg: 'RS256' | 'ES256') => ({ kid: randomUUID(), alg, sealedJwk: `sealed-${process.pid}`, createdAt: new Date(), retiredAt: null });
  console.log((await oidcKeys.addWhereMissing([key('RS256'), key('ES256')])) ? 'added' : 'kept');
}
process.stdin.destroy();
await service.close();
