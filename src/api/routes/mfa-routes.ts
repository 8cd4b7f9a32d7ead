import { Router } from 'express';
import { principalOf, signedIn, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toMfaOut, toPasskeyOut } from '../representations.js';

/** docs/security.md. Reading and enrolling stay open to a session the MFA policy holds to enrolment. */
export const mfaRoutes = (deps: AuthDeps): Router => {
  const { useCases, cookie } = deps;
  const router = Router();
  const enrolling = { duringEnrolment: true };

  router.get('/', signedIn(deps, enrolling), async (_req, res) => {
    res.json(toMfaOut(await useCases.getMfa(principalOf(res))));
  });

  router.post('/totp', signedInWithSession(deps, enrolling), jsonBody, async (req, res) => {
    const { secret, uri } = await useCases.enrolTotp(principalOf(res), req.body);
    // The secret is shown here once; the database keeps it only sealed.
    res.status(201).json({ secret, otpauth_uri: uri });
  });

  router.post('/totp/confirm', signedInWithSession(deps, enrolling), jsonBody, async (req, res) => {
    const { recoveryCodes, session } = await useCases.confirmTotp(principalOf(res), req.body);
    cookie.set(res, session); // the proof rotated the session's secret: the old cookie is dead
    res.json(recoveryCodes ? { recovery_codes: recoveryCodes } : {});
  });

  router.delete('/totp', signedInWithSession(deps), jsonBody, async (req, res) => {
    await useCases.removeTotp(principalOf(res), req.body);
    res.status(204).end();
  });

  router.post('/passkeys/options', signedInWithSession(deps, enrolling), jsonBody, async (req, res) => {
    res.json(await useCases.passkeyRegistrationOptions(principalOf(res), req.body));
  });

  router.post('/passkeys', signedInWithSession(deps, enrolling), jsonBody, async (req, res) => {
    const { passkey, recoveryCodes, session } = await useCases.registerPasskey(principalOf(res), req.body);
    cookie.set(res, session);
    res.status(201).json({ ...toPasskeyOut(passkey), ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) });
  });

  router.delete('/passkeys/:id', signedInWithSession(deps), jsonBody, async (req, res) => {
    // The body is checked before the id (422 before 404); an id that is not a UUID names no passkey.
    await useCases.removePasskey(principalOf(res), String(req.params.id).toLowerCase(), req.body);
    res.status(204).end();
  });

  router.post('/recovery-codes', signedInWithSession(deps), jsonBody, async (req, res) => {
    res.json({ recovery_codes: await useCases.regenerateRecoveryCodes(principalOf(res), req.body) });
  });

  return router;
};
