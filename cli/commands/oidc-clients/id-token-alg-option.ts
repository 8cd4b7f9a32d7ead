import { DEFAULT_SIGNING_ALGORITHM, SIGNING_ALGORITHMS } from '../../../src/core/domain/signing-algorithm.js';

/**
 * `--id-token-alg` of create and update. A plain string, not yargs' choices: the core's rule judges
 * it, so a wrong value is the same validation failure (and exit code) as over the API.
 */
export const idTokenAlgOption = {
  type: 'string',
  describe: `What its ID tokens are signed with: ${SIGNING_ALGORITHMS.join(', ')} (default ${DEFAULT_SIGNING_ALGORITHM})`,
} as const;
