import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { requireBinary } from './binaries.js';
import { exampleWithSwaps } from './example-config.js';
import { freePort, startProxyProcess, type RunningProxy } from './proxy-process.js';
import { writableTempDir } from './unprivileged.js';

/**
 * Debian's nginx running docs/examples/forward-auth/nginx.conf as its only site, in front of
 * Gatehouse and the app. Only the process settings around it (pid, temp folders, logs) are ours.
 */
export const startNginx = async ({ gatehousePort, appPort, port: chosen }: { gatehousePort: number; appPort: number; port?: number }): Promise<RunningProxy> => {
  const nginx = requireBinary('nginx');
  const [dir, port] = await Promise.all([writableTempDir('gatehouse-nginx-'), chosen ?? freePort()]);
  const site = exampleWithSwaps('nginx.conf', [
    ['listen 443 ssl;', `listen 127.0.0.1:${port};`, 1],
    [/^\s*ssl_certificate(_key)?\s.*\n/, '', 2], // plain HTTP on loopback: no certificate here
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${gatehousePort};`, 1],
    ['server 127.0.0.1:8080;', `server 127.0.0.1:${appPort};`, 1],
  ]);
  const main = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
  await writeFile(join(dir, 'site.conf'), site);
  await writeFile(join(dir, 'nginx.conf'), main);
  return startProxyProcess('nginx', nginx, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { port, dir });
};
