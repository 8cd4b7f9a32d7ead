import { operation, schemaRef } from './operation.js';

export const recoveryPaths = {
  '/api/v1/auth/recover': {
    post: operation({
      operationId: 'recoverAccount',
      summary: 'Set a new password with a one-time recovery code from an admin or the operator; then signed in, or the second step',
      description:
        'For a user who lost its password: an admin (or the operator, with `gatehouse recovery-code --email …`) issues a ' +
        'one-time code that works for 24 hours. The new password must follow the registration rules. The request is checked ' +
        'in this order: the body shape and the password length (422, the same for every email), the code (400 ' +
        '`recovery_invalid` — one and the same answer for an unknown email, a wrong, used or expired code, or a code of ' +
        'another user), then the account\'s own password rules (422, for the holder of a valid code only; the code stays ' +
        'unused). On success every session and pending login of the user ends, the code is used up, the password is set ' +
        'and, for a user without a second factor, a new session cookie is set. A recovery never replaces a second factor: ' +
        'for a user with one, the factors stay and the answer is the first step of an MFA login (`MfaRequired` and only ' +
        'the `gh_mfa` cookie), finished at `POST /api/v1/auth/mfa` with a code, a recovery code of the factor or a passkey. ' +
        'A user who lost its factors too needs an admin\'s MFA reset as well. Throttled like login, on a per-email count of its own ' +
        "(429 with `Retry-After`). A request that carries an `Origin` header must come from the public URL's origin " +
        '(else `403 csrf_rejected`); a request without one (curl) is accepted.',
      tag: 'auth',
      access: 'none',
      mutating: true,
      body: 'RecoverIn',
      success: {
        status: 200,
        description: 'Recovered and signed in (UserOut, session cookie); or, for a user with a second factor, MfaRequired and only the gh_mfa cookie',
        schema: { oneOf: [schemaRef('UserOut'), schemaRef('MfaRequired')] },
        setsCookie: true,
      },
      errors: ['recovery_invalid', 'too_many_requests'],
    }),
  },
};
