import { composeService } from '../../../src/compose.js';
import { PASSWORD } from '../constants.js';

/** Creates an admin with PASSWORD straight through the use cases, for specs that then start server processes on the database. */
export const seedAdmin = async (databaseUrl: string, email: string, displayName: string): Promise<void> => {
  const service = composeService({
    databaseUrl,
    databasePoolMax: 1,
    loginFailuresPerEmail: 0,
    authAttemptsPerAddress: 0,
    passwordContextWords: [],
    pwnedPasswordsPath: null,
  });
  try {
    await service.useCases.createAdmin({ email, password: PASSWORD, display_name: displayName });
  } finally {
    await service.close();
  }
};
