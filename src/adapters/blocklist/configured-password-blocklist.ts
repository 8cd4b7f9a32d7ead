import type { PasswordBlocklist } from '../../core/ports/password-blocklist.js';
import type { BreachList } from './breach-list.js';

/** The deployment's context words and its breach lists, consulted in order until one knows the password. */
export class ConfiguredPasswordBlocklist implements PasswordBlocklist {
  constructor(
    readonly contextWords: readonly string[],
    private readonly lists: readonly BreachList[],
  ) {}

  async isBreached(password: string): Promise<boolean> {
    for (const list of this.lists) if (await list.isBreached(password)) return true;
    return false;
  }
}
