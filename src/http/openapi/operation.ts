import { PROBLEMS, type ProblemCode } from '../problem.js';

type Access = 'none' | 'any' | 'session';

export interface OperationSpec {
  /** Unique across the document, camelCase (OpenAPI linters and client generators need one). */
  operationId?: string;
  summary: string;
  /** What the operation does and what a client must know; shown on the docs page. */
  description?: string;
  tag: string;
  access: Access;
  mutating: boolean;
  body?: string;
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
      content: { 'application/problem+json': { schema: { allOf: [ref('Problem')], properties: { code: { enum: list } } } } },
    };
  }
  return responses;
};

const security = { none: [], any: [{ cookieAuth: [] }, { bearerAuth: [] }], session: [{ cookieAuth: [] }] };

export const operation = (spec: OperationSpec) => ({
  ...(spec.operationId ? { operationId: spec.operationId } : {}),
  summary: spec.summary,
  ...(spec.description ? { description: spec.description } : {}),
  tags: [spec.tag],
  security: security[spec.access],
  ...(spec.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: ref(spec.body) } } } }
    : {}),
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
