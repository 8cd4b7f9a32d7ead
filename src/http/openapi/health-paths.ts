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
      summary: 'Liveness and database reachability; touches no user-owned table',
      tags: ['health'],
      security: [],
      responses: { '200': health('{"status":"ok"}'), '503': health('{"status":"unavailable"}') },
    },
  },
  '/api/v1/openapi.json': {
    get: {
      summary: 'This document (not in production)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } }, '404': hiddenInProduction },
    },
  },
  '/api/v1/docs': {
    get: {
      summary: 'Swagger UI for this document (not in production)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'HTML page', content: { 'text/html': {} } }, '404': hiddenInProduction },
    },
  },
};
