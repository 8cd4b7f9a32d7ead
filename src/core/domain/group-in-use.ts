import { DomainError } from './errors.js';
import type { GroupUsage } from './group.js';

/** group_in_use, with where the group is named: the answer lists it, so the admin knows what to change first. */
export class GroupInUseError extends DomainError {
  constructor(readonly usage: GroupUsage) {
    super('group_in_use');
  }
}
