import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../cli/run-cli.js';
import { requireBinary } from '../proxy/binaries.js';
import { exampleWithSwaps, type Swap } from '../proxy/example-config.js';
import { freePort, startProxyProcess, type RunningProxy } from '../proxy/proxy-process.js';
import { runningAsRoot, writableTempDir } from '../proxy/unprivileged.js';

export const OIDC_EXAMPLES = join(ROOT, 'docs', 'examples', 'oidc');
export const APACHE_EXAMPLE = 'apache-mod-auth-openidc.conf';
const MODULES = '/usr/lib/apache2/modules';

/** The path below the protected location that mod_auth_openidc answers itself. */
export const APACHE_CALLBACK_PATH = '/private/redirect_uri';

/**
 * The swaps that turn the documented site into the one the spec runs: its addresses become
 * loopback ports and its TLS lines go (plain HTTP on loopback). Nothing else of the example
 * changes, and each swap must match as often as stated, so an edited example fails here.
 */
export const apacheSwaps = ({ port, issuerOrigin, dir }: { port: number; issuerOrigin: string; dir: string }): Swap[] => [
  ['<VirtualHost *:443>', `<VirtualHost 127.0.0.1:${port}>`, 1],
  [/^\s*SSL\w+\s.*\n/, '', 3],
  ['https://id.example.com', issuerOrigin, 1],
  ['https://wiki.example.com', `http://127.0.0.1:${port}`, 2],
  ['ServerName wiki.example.com', 'ServerName 127.0.0.1', 1],
  ['/var/www/wiki', join(dir, 'www'), 2],
];

/** The documented site with the spec's addresses, for a given port, issuer and folder. */
export const apacheSite = (options: { port: number; issuerOrigin: string; dir: string }): string =>
  exampleWithSwaps(APACHE_EXAMPLE, apacheSwaps(options), OIDC_EXAMPLES);

export interface ApacheRelyingParty extends RunningProxy {
  /** Where mod_auth_openidc expects Gatehouse to send the browser back; register it as the client's. */
  redirectUri: string;
  /** Apache's error log so far (mod_auth_openidc's complaints land there). */
  errorLog(): Promise<string>;
}

/** Only the process settings around the documented site; modules by absolute path, no system files. */
const mainConfig = (dir: string, port: number, errorLog: string): string => `
ServerRoot "${dir}"
PidFile "${dir}/apache.pid"
DefaultRuntimeDir "${dir}"
Mutex file:${dir} default
ErrorLog "${errorLog}"
LogLevel warn auth_openidc:info
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
LoadModule mpm_event_module ${MODULES}/mod_mpm_event.so
LoadModule authn_core_module ${MODULES}/mod_authn_core.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule authz_user_module ${MODULES}/mod_authz_user.so
LoadModule mime_module ${MODULES}/mod_mime.so
TypesConfig /dev/null
LoadModule dir_module ${MODULES}/mod_dir.so
LoadModule include_module ${MODULES}/mod_include.so
LoadModule auth_openidc_module ${MODULES}/mod_auth_openidc.so
Include "${dir}/site.conf"
`;

/** Writes the documented site into a fresh folder that the unprivileged Apache may read and write. */
export const writeApacheConfig = async ({ issuerOrigin, port, errorLog }: { issuerOrigin: string; port: number; errorLog: string }): Promise<string> => {
  const dir = await writableTempDir('gatehouse-apache-');
  await mkdir(join(dir, 'www', 'private', 'staff'), { recursive: true });
  await copyFile(join(OIDC_EXAMPLES, 'private-index.shtml'), join(dir, 'www', 'private', 'index.shtml'));
  await copyFile(join(OIDC_EXAMPLES, 'private-index.shtml'), join(dir, 'www', 'private', 'staff', 'index.shtml'));
  await writeFile(join(dir, 'site.conf'), apacheSite({ port, issuerOrigin, dir }));
  await writeFile(join(dir, 'apache2.conf'), mainConfig(dir, port, errorLog));
  if (runningAsRoot) for (const path of ['www', 'www/private', 'www/private/index.shtml', 'www/private/staff', 'www/private/staff/index.shtml']) await chown(join(dir, path), 65534, 65534);
  return dir;
};

/** The environment the example reads its secrets from (Debian: /etc/apache2/envvars). */
const secrets = (client: { clientId: string; clientSecret: string }): Record<string, string> => ({
  GATEHOUSE_CLIENT_ID: client.clientId,
  GATEHOUSE_CLIENT_SECRET: client.clientSecret,
  OIDC_CRYPTO_PASSPHRASE: randomBytes(32).toString('base64'),
});

/** `apache2 -t` on the written configuration: the example parses with the modules loaded. */
export const apacheConfigTest = async ({ issuerOrigin }: { issuerOrigin: string }): Promise<{ ok: boolean; output: string; site: string }> => {
  const port = await freePort();
  const dir = await writeApacheConfig({ issuerOrigin, port, errorLog: '/dev/null' });
  const result = spawnSync(requireBinary('apache2'), ['-d', dir, '-f', join(dir, 'apache2.conf'), '-t'], {
    env: { PATH: process.env.PATH, ...secrets({ clientId: 'config-test', clientSecret: 'config-test' }) },
    encoding: 'utf8',
  });
  const site = await readFile(join(dir, 'site.conf'), 'utf8');
  await rm(dir, { recursive: true, force: true });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`, site };
};

/** A free port and the redirect URI Apache will use on it: register the client with it first. */
export const reserveApachePort = async (): Promise<{ port: number; redirectUri: string }> => {
  const port = await freePort();
  return { port, redirectUri: `http://127.0.0.1:${port}${APACHE_CALLBACK_PATH}` };
};

/**
 * Debian's Apache with mod_auth_openidc running the documented site, in the foreground as one
 * unprivileged process (nobody when the suite runs as root) with its own ServerRoot, pid file and
 * error log in a temporary folder: no system service, no system configuration.
 */
export const startApacheRelyingParty = async ({
  issuerOrigin,
  port,
  clientId,
  clientSecret,
}: {
  issuerOrigin: string;
  port: number;
  clientId: string;
  clientSecret: string;
}): Promise<ApacheRelyingParty> => {
  const apache = requireBinary('apache2');
  // The log lives apart from the server's folder, which a failed start removes: its lines say why.
  const logDir = await writableTempDir('gatehouse-apache-log-');
  const logFile = join(logDir, 'error.log');
  const errorLog = () => readFile(logFile, 'utf8').catch(() => '');
  const dir = await writeApacheConfig({ issuerOrigin, port, errorLog: logFile });
  try {
    const running = await startProxyProcess('apache2', apache, ['-X', '-d', dir, '-f', join(dir, 'apache2.conf')], {
      port,
      dir,
      env: secrets({ clientId, clientSecret }),
    });
    const stop = async () => {
      await running.stop();
      await rm(logDir, { recursive: true, force: true });
    };
    return { ...running, stop, redirectUri: `http://127.0.0.1:${port}${APACHE_CALLBACK_PATH}`, errorLog };
  } catch (error) {
    const log = await errorLog();
    await rm(logDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nerror log:\n${log}`, { cause: error });
  }
};
