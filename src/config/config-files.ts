import type { Env } from './env.js';

const FILE_SUFFIX = '_FILE';

/**
 * The environment with every `SERVICE_X_FILE` replaced by `SERVICE_X` = the file's content, one
 * trailing newline stripped. Giving both is ambiguous and reported; so is an unreadable file. The
 * reason a read failed is not reported: it could quote the path's contents in some systems.
 */
export const fileSecrets = (env: Env, readFile: (path: string) => string, problems: string[]): Env => {
  const resolved: Env = { ...env };
  for (const [name, path] of Object.entries(env)) {
    if (!name.startsWith('SERVICE_') || !name.endsWith(FILE_SUFFIX) || path === undefined || path === '') continue;
    const target = name.slice(0, -FILE_SUFFIX.length);
    delete resolved[name];
    if (env[target] !== undefined && env[target] !== '') {
      problems.push(`${target}: set both ${target} and ${name}; give only one`);
      continue;
    }
    try {
      resolved[target] = readFile(path).replace(/\r?\n$/, '');
    } catch {
      problems.push(`${name}: cannot read the file it names`);
    }
  }
  return resolved;
};
