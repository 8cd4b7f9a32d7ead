import { API_TOKENS } from './api-tokens.js';
import { INVITES } from './invites.js';
import type { SchemaModel } from './model.js';
import { SECURITY_EVENTS } from './security-events.js';
import { SESSIONS } from './sessions.js';
import { THROTTLE_COUNTERS } from './throttle-counters.js';
import { USERS } from './users.js';

export { API_TOKENS, INVITES, SECURITY_EVENTS, SESSIONS, THROTTLE_COUNTERS, USERS };
export type { Column, InsertableModel, LogicalType, Model, SchemaModel, ScopedModel } from './model.js';

/** Every table the service owns, in dependency order; the drift check compares exactly these. */
export const MODELS: readonly SchemaModel[] = [USERS, SESSIONS, INVITES, API_TOKENS, THROTTLE_COUNTERS, SECURITY_EVENTS];
