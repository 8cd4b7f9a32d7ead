import { BundledBreachList } from './bundled-breach-list.js';
import { ConfiguredPasswordBlocklist } from './configured-password-blocklist.js';

/** The deployment's context words and the bundled corpus. */
export const passwordBlocklistFor = (settings: { passwordContextWords: readonly string[] }): ConfiguredPasswordBlocklist =>
  new ConfiguredPasswordBlocklist(settings.passwordContextWords, [new BundledBreachList()]);
