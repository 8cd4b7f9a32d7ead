import { composeService } from '../../../src/compose.js';
import { isDomainError } from '../../../src/core/domain/errors.js';

// Usage: account-recovery-worker.ts <url> <email> <code> — prints `ready`, waits for a line on standard
// input (so every process starts at once), then redeems the code through the whole use case and
// prints `won` or the refusal's code.
const [url, email, code] = process.argv.slice(2) as [string, string, string];
const config = { databaseUrl: url, databasePoolMax: 2, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null, secretKey: 'account-recovery-race-secret-key-0123456789' };
const service = composeService(config);
await service.db.raw('select 1'); // open the connection (and its pragmas) before the race starts
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
const context = { clientAddress: null, userAgent: `worker ${process.pid}`, presentedSessionToken: null };
try {
  await service.useCases.recoverAccount({ email, code, new_password: `violet tractor ${process.pid} hums at dawn` }, context);
  console.log('won');
} catch (error) {
  console.log(isDomainError(error) ? error.code : 'crashed');
}
process.stdin.destroy();
await service.close();
