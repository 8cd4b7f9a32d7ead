import { BundledBreachList } from './bundled-breach-list.js';
import { ConfiguredPasswordBlocklist } from './configured-password-blocklist.js';
import { PwnedPasswordsFile } from './pwned-passwords-file.js';

/** The bundled corpus always (in memory, so first), then the operator's Pwned Passwords file if any. */
export const passwordBlocklistFor = (settings: {
  passwordContextWords: readonly string[];
  pwnedPasswordsPath: string | null;
}): ConfiguredPasswordBlocklist =>
  new ConfiguredPasswordBlocklist(settings.passwordContextWords, [
    new BundledBreachList(),
    ...(settings.pwnedPasswordsPath === null ? [] : [new PwnedPasswordsFile(settings.pwnedPasswordsPath)]),
  ]);
