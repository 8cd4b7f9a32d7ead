import { ORIGIN as PUBLIC_ORIGIN } from '../../support/http/harness.js';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  /** The gh_session value a Set-Cookie carried, if any. */
  session: string | null;
  contentType: string | null;
  retryAfter: string | null;
}

export interface Credentials {
  session?: string;
  token?: string;
}

const headersFor = ({ session, token }: Credentials): Record<string, string> => ({
  'content-type': 'application/json',
  ...(session ? { cookie: `gh_session=${session}`, origin: PUBLIC_ORIGIN } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** One request to one instance; the body is read whatever the status, so 4xx and 5xx are visible. */
export const call = async (base: string, method: string, path: string, credentials: Credentials = {}, body?: unknown): Promise<Reply> => {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: headersFor(credentials),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('gh_session='));
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    session: cookie ? (cookie.slice('gh_session='.length).split(';')[0] ?? null) : null,
    contentType: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
  };
};
