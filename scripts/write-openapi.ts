// Writes the OpenAPI document the service serves (with the development cookie name) to the path
// given, for `npm run lint:openapi`: Redocly lints a file, not a running server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument } from '../src/api/openapi/document.js';

const target = process.argv[2];
if (!target) throw new Error('usage: tsx scripts/write-openapi.ts <path.json>');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument('gh_session'), null, 2)}\n`);
