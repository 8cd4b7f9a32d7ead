import type { AdapterPayload } from 'oidc-provider';
import type { SecretBox } from '../core/ports/secret-box.js';

/**
 * A device code is stored only as its hash, like every bearer value of the provider; but the
 * person's browser finds it by the user code, and oidc-provider saves it again under its own key
 * (the jti). So the payload carries that key sealed with the service key: a copy of the database
 * opens nothing, and a lookup by user code can give the provider its device code back.
 */
const SEALED = 'gatehouse:sealed_device_code';
const CONTEXT = 'oidc-device-code';

export interface DeviceCodeSeal {
  /** The payload to store under `key`, carrying the key sealed. */
  seal(key: string, payload: AdapterPayload): AdapterPayload;
  /** The payload as oidc-provider knows it: the key put back when it is sealed inside, the seal gone. */
  open(payload: AdapterPayload): AdapterPayload;
}

export const deviceCodeSeal = (box: SecretBox): DeviceCodeSeal => ({
  seal: (key, payload) => ({ ...payload, [SEALED]: box.seal(key, CONTEXT) }),
  open: (payload) => {
    const { [SEALED]: sealed, ...rest } = payload as AdapterPayload & Record<string, unknown>;
    const opened = typeof sealed === 'string' ? box.open(sealed, CONTEXT) : null;
    return opened ? { ...rest, jti: opened.plaintext } : rest;
  },
});
