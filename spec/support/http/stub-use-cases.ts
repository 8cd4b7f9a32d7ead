import type { UseCases } from '../../../src/core/use-cases/use-cases.js';

/** A UseCases whose every method fails loudly unless the test provides it. */
export const stubUseCases = (provided: Partial<UseCases>): UseCases =>
  new Proxy(provided as UseCases, {
    get: (target, name: string) =>
      name in target
        ? target[name as keyof UseCases]
        : () => {
            throw new Error(`use case ${name} not stubbed`);
          },
  });
