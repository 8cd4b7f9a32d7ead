import type { makeUseCases } from './make-use-cases.js';

/**
 * The whole application surface, shared by the driving adapters (HTTP, CLI). It is derived from the
 * factory that builds it, so it cannot drift from it; each use case declares its own signature
 * beside its factory. Inputs that come from a client are `unknown`: each use case validates them
 * with the shared rules (core/rules.ts) and throws DomainError('validation_failed') with locs
 * relative to the input object.
 */
export type UseCases = ReturnType<typeof makeUseCases>;
