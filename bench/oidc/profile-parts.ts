/**
 * Sums a V8 .cpuprofile of the OpenID provider's endpoints by part: each sample goes to the
 * innermost frame on its stack that names one (so the Node work a part asks for, a hash or a
 * header set, counts as that part's), a JSON.parse/stringify leaf to JSON whoever called it.
 */
import type { CpuProfile } from '../lib/profile-summary.js';

type Frame = CpuProfile['nodes'][number]['callFrame'];

// better-sqlite3's methods are native (no url): a leaf under the code that calls them is the statement itself.
const SQLITE_CALLER = /node_modules\/better-sqlite3\/|\/adapters\/knex\/(connection\/sqlite-client|connection\/statement-cache|hot-path\/sqlite-statements)\.js/;
const SQLITE = 'SQLite statements (better-sqlite3; wall time, fsync waits included)';
const JSON_LEAF = /^(parse|stringify|JSONParse|JSONStringify)$/;

/** Tried in order on each frame; the first that matches names the frame's part. */
const PARTS: [string, (frame: Frame) => boolean][] = [
  ['ID token signature (jose, node:crypto sign)', (f) => /node_modules\/jose\//.test(f.url) || /^node:internal\/crypto\/(sig|keys|util|webcrypto|ec|rsa|cfrg)$/.test(f.url)],
  ['client authentication (secret SHA-256, compare)', (f) => f.functionName === 'compareHashedSecret' || /node_modules\/oidc-provider\/lib\/shared\/client_auth\.js/.test(f.url)],
  // A synchronous better-sqlite3 call is busy to the profiler for its whole length, the COMMIT's fsync wait included.
  // knex's SQLite client calls better-sqlite3 inline: its _query's own time is the statement's.
  // SqliteStatements' own frames are thin wrappers over better-sqlite3, whose native call V8 folds into them in samples.
  [SQLITE, (f) => /node_modules\/better-sqlite3\/|\/hot-path\/sqlite-statements\.js$/.test(f.url) || (f.functionName === '_query' && /\/sqlite-client\.js$/.test(f.url))],
  ['payload store: knex, pg, row mapping, key hash', (f) => /node_modules\/(pg|pg-protocol|pg-pool|knex|tarn)\/|\/src\/adapters\/(knex|oidc-|availability)/.test(f.url)],
  ['Gatehouse glue (adapter, account, access policy, use cases)', (f) => /\/src\/(oidc|core)\//.test(f.url)],
  ['oidc-provider (actions, models, Koa stack)', (f) => /node_modules\/(oidc-provider|koa|koa-compose|@koa|koa-router|@koa\/router|raw-body|http-errors|cookies|keygrip|co-body|inflation|statuses|content-disposition|fresh|only|delegates|depd|destroy|encodeurl|escape-html|on-finished|parseurl|type-is|vary|quick-lru|jsesc|eta|lru-cache|nanoid|paseto2|oidc-token-hash|@panva)\//.test(f.url)],
  ['access log, metrics, request context', (f) => /node_modules\/(pino|sonic-boom|prom-client|fast-redact|safe-stable-stringify|quick-format-unescaped|thread-stream)\/|node:(internal\/)?async_hooks|async_local_storage|\/src\/(logger|metrics)/.test(f.url)],
  ['Express edge and routing (src/web, express, router)', (f) => /node_modules\/(express|router|path-to-regexp|finalhandler|send|etag|accepts|negotiator|mime-types|cookie|body-parser)\/|\/src\/(web|runtime|api)\//.test(f.url)],
  ['Node HTTP parser and socket writes', (f) => /^node:(_http_(common|incoming|server|outgoing)|net|internal\/(streams|stream_base_commons|http))$/.test(f.url)],
];

const START_UP = /^node:internal\/(modules|main|bootstrap)/;

/** Milliseconds of CPU per part over the whole profile, start-up and idle left out. */
export const summariseOidc = (profile: CpuProfile): Map<string, number> => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cache = new Map<number, string | null>();
  const partOf = (id: number): string | null => {
    if (cache.has(id)) return cache.get(id)!;
    const leaf = byId.get(id)!.callFrame;
    let part: string | null = null;
    if (leaf.functionName === '(garbage collector)') part = 'garbage collector';
    else if (leaf.functionName === '(idle)' || leaf.functionName === '(program)') part = null;
    else if (JSON_LEAF.test(leaf.functionName) && leaf.url === '') part = 'JSON parse/stringify (any caller)';
    else if (leaf.url === '' && SQLITE_CALLER.test(byId.get(parent.get(id) ?? -1)?.callFrame.url ?? '')) part = SQLITE;
    else {
      for (let at: number | undefined = id; part === null && at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        if (START_UP.test(frame.url)) part = 'start-up';
        else part = PARTS.find(([, matches]) => matches(frame))?.[0] ?? null;
      }
      part ??= 'other (V8 builtins, microtasks, timers)';
    }
    cache.set(id, part);
    return part;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(id);
    if (part !== null && part !== 'start-up') totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
};
