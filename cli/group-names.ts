import { DomainError } from '../src/core/domain/errors.js';
import type { UseCases } from '../src/core/use-cases/use-cases.js';
import { repeatedOption } from './repeated-option.js';

/**
 * The ids of the groups `--allowed-group NAME` names (repeatable): policies hold ids, the operator
 * types names. A name of no group is a validation problem (exit 2); undefined when the option is absent.
 */
export const allowedGroupIds = async (useCases: UseCases, argv: readonly string[]): Promise<string[] | undefined> => {
  if (!argv.some((token) => token === '--allowed-group' || token.startsWith('--allowed-group='))) return undefined;
  const names = repeatedOption(argv, 'allowed-group').map((name) => name.trim().toLowerCase());
  const groups = await useCases.listGroups('operator');
  const unknown = names.filter((name) => !groups.some((g) => g.name === name));
  if (unknown.length > 0) throw new DomainError('validation_failed', { problems: [{ loc: ['allowed_group'], msg: 'must name existing groups' }] });
  return names.map((name) => groups.find((g) => g.name === name)!.id);
};

/** The names of these group ids, for what the CLI prints. */
export const groupNamesOf = async (useCases: UseCases, ids: readonly string[]): Promise<string[]> => {
  const groups = await useCases.listGroups('operator');
  return ids.map((id) => groups.find((g) => g.id === id)?.name ?? id);
};
