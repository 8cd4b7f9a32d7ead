/**
 * Sums a V8 .cpuprofile into the rows of docs/performance.md. Each sample goes to the innermost
 * frame on its stack that belongs to a named part (helmet, cookie parsing, …), so the Node and V8
 * work a part asks for (res.setHeader, JSON.stringify, a promise hook) counts as that part's cost.
 * A sample with no named frame on its stack counts by its leaf: GC, idle, or "other".
 */
interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** In the order they are tried on each frame; the first that matches names the frame's part. */
const PARTS: [string, RegExp][] = [
  ['helmet (security headers)', /node_modules\/helmet\/|\/(http|web\/edge|runtime)\/security-header(s|-block)\.js/],
  ['cookie parsing', /node_modules\/(cookie-parser|cookie|cookie-signature)\/|\/(http|web\/cookies|runtime)\/(session-cookie|lazy-cookies)\.js/],
  ['request id + access-log hook', /\/(http|web\/edge)\/request-id\.js|\/src\/(runtime\/)?(access-log|request-target)\.js|\/http\/request-target\.js/],
  ['access log (pino write)', /node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|thread-stream|safe-stable-stringify)\/|\/src\/(runtime\/)?logger\.js/],
  ['AsyncLocalStorage', /node:(internal\/)?async_hooks|internal\/async_local_storage|async_context_frame/],
  ['metrics', /node_modules\/prom-client\/|\/src\/metrics\/|\/(http|web\/edge)\/request-metrics\.js/],
  ['lookup (SHA-256, SQLite/pg, row mapping)', /\/bench\/reference\/|node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool|knex|tarn)\/|\/src\/adapters\/(knex|crypto-secret-generator)/],
  ['use cases, auth, outage guard', /\/src\/core\/|\/src\/adapters\/availability\/|\/(http|api|web|web\/session)\/(authenticate|credentials|csrf|origin-policy|request-context|verified-identity|session-resolver|forwarded-request|header-value)\.js/],
  ['route handler + JSON response (res.json, send)', /node_modules\/(express|send|etag|fresh|content-type|mime-types|mime-db|vary|on-finished|statuses|type-is|accepts)\/lib\/response|node_modules\/express\/lib\/(response|request)\.js|\/(http|api)\/(representations|routes\/[a-z-]+)\.js|node_modules\/(etag|fresh|content-type|vary|on-finished|statuses|accepts|negotiator|mime-types|send)\//],
  ['routing (express router, finalhandler)', /node_modules\/(router|path-to-regexp|finalhandler|express|parseurl|depd|encodeurl|escape-html)\//],
];
// Node's own work counts as its caller's (a header set by helmet is helmet's cost), except the
// HTTP parser and the socket writes, which every server pays and which are a part of their own.
const NODE_HTTP = /^node:(_http_(common|incoming|server)|net|internal\/(streams|stream_base_commons|http))$|^node:_http_outgoing$/;
const NODE_CALLER_PAYS = /^(setHeader|getHeader|removeHeader|appendHeader|hasHeader|getHeaders|setHeaders|checkInvalidHeaderChar|validateHeaderName|validateHeaderValue)$/;
const START_UP = 'start-up (module loading)';
const NODE_START_UP = /^node:internal\/(modules|main|bootstrap)/;

const partOf = (frame: CallFrame): string | null => {
  const library = PARTS.find(([, pattern]) => pattern.test(frame.url))?.[0];
  if (library) return library;
  if (NODE_START_UP.test(frame.url)) return START_UP;
  return NODE_HTTP.test(frame.url) && !NODE_CALLER_PAYS.test(frame.functionName) ? 'Node HTTP parser and socket writes' : null;
};

const leafPartOf = (frame: CallFrame): string => {
  if (frame.functionName === '(garbage collector)') return 'garbage collector';
  if (frame.functionName === '(idle)' || frame.functionName === '(program)') return 'idle';
  return 'other (V8 builtins, microtasks, timers)';
};

/** Milliseconds of CPU per part over the whole profile, idle and start-up excluded. */
export const summarise = (profile: CpuProfile): Map<string, number> => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owner.get(id);
    if (known) return known;
    let part: string | null = null;
    for (let at: number | undefined = id; part === null && at !== undefined; at = parent.get(at)) part = partOf(byId.get(at)!.callFrame);
    const found = part ?? leafPartOf(byId.get(id)!.callFrame);
    owner.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = ownerOf(id);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  totals.delete('idle');
  totals.delete(START_UP); // once per process, not per request
  return totals;
};

/**
 * The steps of a login beside the hash, by the innermost frame on a sample's stack that names one
 * (by file, or by the scope method the login use case calls). A statement knex runs after an
 * await no longer has its caller on the stack, so SQL counts as SQL: its statements with the COMMIT (whose fsync wait
 * the profiler counts as busy), and knex's transaction machinery apart.
 */
const LOGIN_STEPS: [string, (frame: CallFrame) => boolean][] = [
  ['argon2 binding on the main thread (the hash itself runs on libuv threads)', (f) => /node_modules\/argon2\//.test(f.url)],
  ['SQL: knex transaction (BEGIN IMMEDIATE)', (f) => /node_modules\/knex\/lib\/execution\/transaction\.js/.test(f.url) || (f.functionName === 'begin' && /sqlite-client/.test(f.url))],
  ['SQL: statements and COMMIT (knex runner, better-sqlite3, prepared lookups, fsync wait)', (f) => /node_modules\/(knex|better-sqlite3|pg|pg-protocol|pg-pool|tarn)\/|\/src\/adapters\/knex\/(hot-path|connection)\//.test(f.url)],
  ['throttle (address and email counters)', (f) => /throttle-guard|attempt-throttle/.test(f.url)],
  ['device cookie (trusted device, attempt key)', (f) => /trusted-device|device-cookie/.test(f.url)],
  ['security event row (built, mapped)', (f) => /trail-event|logged-trail|security-log/.test(f.url) || f.functionName === 'recordEvent'],
  ['last_login_at (user update, mapped)', (f) => f.functionName === 'updateUser'],
  ['session insert + quota (mapped)', (f) => f.functionName === 'insertSession' || /\/domain\/quotas|new-session/.test(f.url)],
  ['rest of the login use case (rules, lookup of the user, factors)', (f) => /\/src\/core\//.test(f.url)],
  ['HTTP: routes, cookies, JSON (Express, Node)', (f) => /\/src\/http\/|node_modules\/(express|router|cookie|send|etag|body-parser|raw-body|iconv-lite)\//.test(f.url) || NODE_HTTP.test(f.url)],
  ['access log + request context', (f) => partOf(f) === 'access log (pino write)' || partOf(f) === 'AsyncLocalStorage' || /\/src\/logger\.js/.test(f.url)],
];

/** Milliseconds of CPU per login step (LOGIN_STEPS), idle and start-up excluded. */
export const summariseLogin = (profile: CpuProfile): Map<string, number> => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const leaf = byId.get(id)!.callFrame;
    let step: string | null = null;
    for (let at: number | undefined = id; step === null && at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      step = NODE_START_UP.test(frame.url) ? START_UP : (LOGIN_STEPS.find(([, matches]) => matches(frame))?.[0] ?? null);
    }
    const part = step ?? leafPartOf(leaf);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  totals.delete('idle');
  totals.delete(START_UP);
  return totals;
};

/** The markdown table: ms, share of busy CPU and µs per request (when the request count is known). */
export const toProfileTable = (totals: Map<string, number>, requests: number | null): string => {
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  const rows = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  const perRequest = (ms: number) => (requests ? ((ms * 1000) / requests).toFixed(1) : '–');
  return [
    '| part | CPU ms | share | µs/request |',
    '|---|---:|---:|---:|',
    ...rows.map(([part, ms]) => `| ${part} | ${ms.toFixed(0)} | ${((100 * ms) / busy).toFixed(1)}% | ${perRequest(ms)} |`),
    `| **busy total** | ${busy.toFixed(0)} | 100% | ${perRequest(busy)} |`,
  ].join('\n');
};
