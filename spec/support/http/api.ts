import type { Server } from 'node:http';
import type express from 'express';
import request from 'supertest';
import { expectConforms } from './openapi-conformance.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** supertest, except that every response is checked against the OpenAPI document. */
export type Api = Record<Method, (path: string) => request.Test>;

/** An app (in-process) or a base URL (a spawned server); a Harness passes as `{ app }`. */
export type Target = { app: express.Express | Server } | string;

/**
 * The only way the HTTP specs talk to the service (conformance.spec.ts checks that), so no
 * response escapes validation: the check runs as a supertest assertion, before the test sees it.
 */
export const api = (target: Target): Api => {
  const app = typeof target === 'string' ? target : target.app;
  const call = (method: Method) => (path: string) => request(app)[method](path).expect(expectConforms);
  return Object.fromEntries(METHODS.map((method) => [method, call(method)])) as Api;
};
