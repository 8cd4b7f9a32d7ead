import type { Problem } from './domain/errors.js';
import { storableProblem } from './domain/storable-text.js';

interface Place {
  key: string;
  parent: Place | null;
}

const locOf = (place: Place | null): string[] => {
  const loc: string[] = [];
  for (let at = place; at; at = at.parent) loc.unshift(at.key);
  return loc;
};

/**
 * The one check every client string passes before any rule or port sees it: each key and each
 * string value, however deep, must be storable by both engines (no NUL, no lone surrogate).
 * `exempt` names top-level fields that never reach a database (an offered password is only
 * compared with a hash), where the verifier decides instead. A bad key is reported at its
 * parent, so the refusal does not carry it back.
 */
export const boundaryProblems = (input: unknown, exempt: ReadonlySet<string>): Problem[] => {
  const problems: Problem[] = [];
  // Iterative with parent links: bodies nest thousands deep, and a loc is built only when refused.
  const pending: [unknown, Place | null][] = [[input, null]];
  while (pending.length > 0) {
    const [value, place] = pending.pop()!;
    if (typeof value === 'string') {
      const topLevel = place !== null && place.parent === null;
      const msg = topLevel && exempt.has(place.key) ? null : storableProblem(value);
      if (msg) problems.push({ loc: locOf(place), msg });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const keyProblem = storableProblem(key);
        if (keyProblem) problems.push({ loc: locOf(place), msg: `field names ${keyProblem}` });
        else pending.push([inner, { key, parent: place }]);
      }
    }
  }
  return problems.reverse();
};
