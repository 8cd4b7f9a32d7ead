import { REFUSALS, type HttpOnlyCode, type ProblemCode } from './refusals.js';
import type { UsedBy } from './group-usage.js';

export type { HttpOnlyCode, ProblemCode } from './refusals.js';

export interface ProblemKind {
  status: number;
  title: string;
  /** Fixed text: a detail never echoes anything the client sent. */
  detail: string;
  /** The code the API shows in its place (refusals.ts). */
  answersAs?: ProblemCode;
}

/** The status and title of each code, as the API and the OpenAPI document read them: a view of the one table. */
export const PROBLEMS: Readonly<Record<ProblemCode, ProblemKind>> = REFUSALS;

/** What the server log says about a refusal, beside the request id; never part of the response. */
export interface ProblemLog {
  msg: string;
  fields: Record<string, unknown>;
}

/** Thrown by HTTP middleware for the edge-only codes; the error handler renders it (and logs `log`). */
export class HttpProblem extends Error {
  constructor(
    readonly code: HttpOnlyCode,
    readonly log?: ProblemLog,
  ) {
    super(code);
    this.name = 'HttpProblem';
  }
}

export interface ProblemBody {
  type: 'about:blank';
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  errors?: { loc: string[]; msg: string }[];
  /** Only on group_in_use: the clients and forward-auth rules that name the group (group-usage.ts). */
  used_by?: UsedBy;
}

export const problemBody = (code: ProblemCode, detail?: string): ProblemBody => {
  const kind = PROBLEMS[code];
  return { type: 'about:blank', title: kind.title, status: kind.status, code: kind.answersAs ?? code, detail: detail ?? kind.detail };
};
