import Joi from 'joi';
import { name } from '../../access-rules.js';
import type { Principal } from '../../domain/principal.js';
import type { PublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { label, parse } from '../../rules.js';
import { trailEvent } from '../trail-event.js';
import { changeUsername } from './change-username.js';

const updateMeRules = Joi.object({ display_name: label, username: name.allow(null) }).min(1);

/** PATCH /users/me: input { display_name?, username? } (at least one; username null removes it). */
export type UpdateMe = (principal: Principal, input: unknown) => Promise<PublicUser>;

/** Both changes and their events commit together; a username taken changes nothing. */
export const makeUpdateMe =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): UpdateMe =>
  async (principal, input) => {
    const body = parse<{ display_name?: string; username?: string | null }>(updateMeRules, input);
    const user = { ...principal.user };
    await deps.scopes.open(principal.userId).transaction(async (scope) => {
      if (body.display_name !== undefined) {
        await scope.updateUser({ displayName: body.display_name, updatedAt: deps.clock.now() });
        await scope.recordEvent(trailEvent(deps, 'display_name_changed', principal.context));
        user.displayName = body.display_name;
      }
      if (body.username !== undefined) {
        await changeUsername(scope, principal.user.username, body.username, () => trailEvent(deps, 'username_changed', principal.context));
        user.username = body.username;
      }
    });
    return user;
  };
