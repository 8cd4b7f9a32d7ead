// Asking Gatehouse "who is this?" from an application's own backend (docs/operations.md,
// "Forward auth"). Node 18 or later (global fetch), no dependency.

/** The request headers that carry the caller's credential and the page it came from. */
const PASSED_ON = ['cookie', 'authorization', 'origin'];

/**
 * The signed-in user behind an incoming request (a node:http or Express `req`), or null when
 * there is none — or when it is a cross-site POST, PUT, PATCH or DELETE riding on the cookie.
 */
export async function whoIs(req, gatehouse = 'http://127.0.0.1:3000') {
  const headers = { 'x-forwarded-method': req.method };
  for (const name of PASSED_ON) if (req.headers[name]) headers[name] = req.headers[name];
  const res = await fetch(`${gatehouse}/api/v1/auth/verify`, { headers });
  if (res.status === 401 || res.status === 403) return null;
  if (res.status !== 204) throw new Error(`Gatehouse answered ${res.status}`);
  return {
    id: res.headers.get('x-gatehouse-user-id'),
    email: res.headers.get('x-gatehouse-email'),
    mfa: res.headers.get('x-gatehouse-mfa') === 'true',
  };
}
