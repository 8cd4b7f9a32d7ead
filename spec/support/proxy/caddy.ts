import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { requireBinary } from './binaries.js';
import { exampleWithSwaps } from './example-config.js';
import { freePort, startProxyProcess, type RunningProxy } from './proxy-process.js';
import { writableTempDir } from './unprivileged.js';

/**
 * Debian's caddy running docs/examples/forward-auth/Caddyfile, imported as is but for its
 * addresses, in front of Gatehouse and the app. The global options around it are ours: no admin
 * endpoint, no certificates, nothing written outside its temporary folder.
 */
export const startCaddy = async ({ gatehousePort, appPort, port: chosen }: { gatehousePort: number; appPort: number; port?: number }): Promise<RunningProxy> => {
  const caddy = requireBinary('caddy');
  const [dir, port] = await Promise.all([writableTempDir('gatehouse-caddy-'), chosen ?? freePort()]);
  const site = exampleWithSwaps('Caddyfile', [
    ['app.example.com {', `http://127.0.0.1:${port} {`, 1],
    ['127.0.0.1:3000', `127.0.0.1:${gatehousePort}`, 3],
    ['127.0.0.1:8080', `127.0.0.1:${appPort}`, 1],
  ]);
  const main = `{
	admin off
	auto_https off
}

import ${join(dir, 'site.caddy')}
`;
  await writeFile(join(dir, 'site.caddy'), site);
  await writeFile(join(dir, 'Caddyfile'), main);
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  return startProxyProcess('caddy', caddy, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { port, dir, env });
};
