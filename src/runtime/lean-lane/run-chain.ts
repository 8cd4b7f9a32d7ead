import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs `handlers` in order as Express 5 would: each goes on by calling `next()`, and an error —
 * passed to `next`, thrown, or a rejected promise — stops the run and reaches `done`. `done()`
 * without an error means the last handler passed the request on.
 */
export const runChain = (handlers: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void => {
  let index = 0;
  const next: NextFunction = (error?: unknown) => {
    if (error !== undefined && error !== null) return done(error);
    const handler = handlers[index++];
    if (handler === undefined) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.then(undefined, (rejection: unknown) => done(rejection ?? new Error('Rejected promise')));
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
};
