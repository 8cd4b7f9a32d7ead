/**
 * The page the browser spec drives, served only by that spec from the service's own origin (so
 * fetch sends the Origin and the cookies a real page would). It uses the browser's own WebAuthn
 * JSON helpers, as an application page would.
 */
export const PASSKEY_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>passkey fixture</title></head><body><script>
const call = async (path, body) => {
  const res = await fetch('/api/v1' + path, { method: 'POST', headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const create = async (options) => (await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })).toJSON();
const get = async (options) => (await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })).toJSON();
window.gatehouse = {
  login: (email, password) => call('/auth/login', { email, password }),
  logout: () => call('/auth/logout'),
  sessions: async () => (await fetch('/api/v1/sessions')).json(),
  register: async (password, name) => {
    const options = await call('/mfa/passkeys/options', { password });
    return call('/mfa/passkeys', { name, response: await create(options.body) });
  },
  secondStep: async () => {
    const options = await call('/auth/mfa/passkey/options');
    return call('/auth/mfa/passkey', { response: await get(options.body) });
  },
  passwordless: async () => {
    const options = await call('/auth/passkey/options');
    return call('/auth/passkey', { response: await get(options.body) });
  },
};
</script></body></html>`;
