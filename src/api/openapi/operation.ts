import { PROBLEMS, problemBody, type ProblemCode } from '../../web/errors/problem.js';
import { requestExamples, type RequestSchema } from './request-bodies.js';
import type { Tag } from './tags.js';

type Access = 'none' | 'any' | 'session';

export interface OperationSpec {
  /** Unique across the document, camelCase (OpenAPI linters and client generators need one). */
  operationId: string;
  summary: string;
  /** What the operation does and what a client must know; shown on the docs page. */
  description: string;
  tag: Tag;
  access: Access;
  mutating: boolean;
  /** The request schema; its example (request-bodies.ts) prefills the docs page. */
  body?: RequestSchema;
  /** Open to a session the MFA policy holds to enrolment (else such a session gets 403 mfa_enrolment_required). */
  duringEnrolment?: boolean;
  success: {
    status: number;
    description: string;
    schema?: unknown;
    setsCookie?: boolean;
    /** Response headers that carry the answer (forward auth has no body). */
    headers?: Record<string, { description: string; schema: unknown }>;
  };
  errors?: ProblemCode[];
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The errors every route of a kind can return, so no route forgets to document one. */
const implicitErrors = (spec: OperationSpec): ProblemCode[] => [
  ...(spec.body ? (['malformed_json', 'payload_too_large', 'unsupported_media_type', 'validation_failed'] as const) : []),
  ...(spec.access !== 'none' ? (['not_authenticated'] as const) : []),
  ...(spec.access === 'session' ? (['forbidden'] as const) : []),
  ...(spec.access !== 'none' && !spec.duringEnrolment ? (['mfa_enrolment_required'] as const) : []),
  ...(spec.mutating ? (['csrf_rejected'] as const) : []),
  'internal_error',
];

/** What the docs page shows for an error: the body the service sends, not "string" placeholders. */
const problemExample = (code: ProblemCode) => {
  if (code === 'validation_failed') return { ...problemBody(code), errors: [{ loc: ['body', 'email'], msg: 'must be an email address' }] };
  if (code === 'internal_error') return problemBody(code, '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
  return problemBody(code);
};

/** Groups codes by status, since an OpenAPI response is keyed by status alone. */
const errorResponses = (codes: ProblemCode[]): Record<string, unknown> => {
  const byStatus = new Map<number, Set<ProblemCode>>();
  for (const code of codes) {
    const status = PROBLEMS[code].status;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...set];
    responses[String(status)] = {
      description: list.join(', '),
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
      content: {
        'application/problem+json': {
          schema: { allOf: [ref('Problem')], properties: { code: { enum: list } } },
          examples: Object.fromEntries(list.map((code) => [code, { value: problemExample(code) }])),
        },
      },
    };
  }
  return responses;
};

const security = { none: [], any: [{ cookieAuth: [] }, { bearerAuth: [] }], session: [{ cookieAuth: [] }] };

const requestBody = (schema: RequestSchema) => ({
  required: true,
  content: { 'application/json': { schema: ref(schema), example: requestExamples[schema] } },
});

export const operation = (spec: OperationSpec) => ({
  operationId: spec.operationId,
  summary: spec.summary,
  description: spec.description,
  tags: [spec.tag],
  security: security[spec.access],
  ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
  responses: {
    [String(spec.success.status)]: {
      description: spec.success.description,
      ...(spec.success.setsCookie || spec.success.headers
        ? { headers: { ...(spec.success.setsCookie ? { 'Set-Cookie': { schema: { type: 'string' } } } : {}), ...spec.success.headers } }
        : {}),
      ...(spec.success.schema ? { content: { 'application/json': { schema: spec.success.schema } } } : {}),
    },
    ...errorResponses([...new Set([...implicitErrors(spec), ...(spec.errors ?? [])])]),
  },
});

export const schemaRef = ref;
export const arrayOf = (name: string) => ({ type: 'array', items: ref(name) });
