import { schemaRef } from './operation.js';

const health = (description: string) => ({ description, content: { 'application/json': { schema: schemaRef('Health') } } });
// In production the docs are not mounted, so they answer like any unknown route.
const hiddenInProduction = {
  description: 'not_found (production)',
  content: { 'application/problem+json': { schema: { allOf: [schemaRef('Problem')], properties: { code: { const: 'not_found' } } } } },
};

export const healthPaths = {
  '/api/v1/healthz': {
    get: {
      operationId: 'getHealth',
      summary: 'Liveness and database reachability; touches no user-owned table',
      description:
        'Answers 200 `{"status":"ok"}` when the instance can reach its database, 503 `{"status":"unavailable"}` when it ' +
        'cannot (plain JSON, not a problem). Needs no credential; use it to take an instance out of a load balancer.',
      tags: ['health'],
      security: [],
      responses: { '200': health('{"status":"ok"}'), '503': health('{"status":"unavailable"}') },
    },
  },
  '/api/v1/livez': {
    get: {
      operationId: 'getLiveness',
      summary: 'Liveness: the process serves requests; touches no database',
      description:
        'For a liveness probe. Answers 200 while the process can serve at all, whatever the state of the ' +
        'database, so an outage never gets healthy instances restarted.',
      tags: ['health'],
      security: [],
      responses: { '200': health('{"status":"ok"}') },
    },
  },
  '/api/v1/readyz': {
    get: {
      operationId: 'getReadiness',
      summary: 'Readiness: the database answers and its schema is at the latest migration',
      description:
        'For a readiness probe or a load balancer. 503 while the database does not answer, or while the ' +
        'schema lacks a migration this version needs (an instance started with --no-migrate before the ' +
        'migration job ran). Touches no user-owned table.',
      tags: ['health'],
      security: [],
      responses: { '200': health('{"status":"ok"}'), '503': health('{"status":"unavailable"}') },
    },
  },
  '/api/v1/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document (not in production)',
      description: 'The OpenAPI 3.1 description of the API that the docs page renders; `404` in production.',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } }, '404': hiddenInProduction },
    },
  },
  '/api/v1/docs': {
    get: {
      operationId: 'getDocsPage',
      summary: 'Swagger UI for this document (not in production)',
      description: 'The interactive page for this document, where "Try it out" calls this instance; `404` in production.',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'HTML page', content: { 'text/html': {} } }, '404': hiddenInProduction },
    },
  },
};
