import type { Knex } from 'knex';
import { SESSIONS_PER_USER } from '../../../core/domain/quotas.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { SignInRecord } from '../../../core/ports/user-scopes.js';
import type { FactorSummary } from '../../../core/domain/second-factor.js';
import { ScopedAccess } from '../access/scoped-access.js';
import { countOf } from '../access/scoped-reader.js';
import { factorCounts, summaryOf } from '../factor-counts.js';
import { API_TOKENS, SECURITY_EVENTS, SESSION_SIGN_INS, SESSIONS, USERS } from '../models/index.js';
import type { InsertableModel } from '../models/model.js';
import { toRow, type StoredRow } from '../row-mapping.js';
import { SqliteStatements, type SqliteTransaction } from './sqlite-statements.js';
import { placeholder, slotsOf, type StatementTemplate } from './statement-template.js';
import { toStoredId } from '../stored-forms.js';

// Placeholder ids: they exist only while compiling, to find each parameter's position.
const USER = 'ffffffff-ffff-4fff-bfff-fffffffffff1' as UserId;
const ROW = 'ffffffff-ffff-4fff-bfff-fffffffffff2';
const at = placeholder;

const countTemplates = (access: ScopedAccess, userId: string) => {
  const counts = factorCounts(access);
  return {
    totpCount: counts.totp.compiledCount({ userId }),
    passkeyCount: counts.passkeys.compiledCount({ userId }),
    recoveryCodeCount: counts.recoveryCodes.compiledCount({ userId }),
  };
};

/**
 * The user-scope statements of the hot paths (the coalesced touches, a sign-in's factor summary and writes), compiled
 * once by ScopedAccess itself, so the user filter in the SQL is exactly the one every other scoped
 * query gets.
 */
export class PreparedScopeQueries {
  private readonly access: ScopedAccess;
  private readonly statements: SqliteStatements;
  private readonly templates;
  /** Updates and inserts by table and column list: a record's present fields decide the columns. */
  private readonly byColumns = new Map<string, StatementTemplate>();
  private readonly ids = { userId: toStoredId(USER), id: toStoredId(ROW) };

  constructor(db: Knex) {
    const access = (this.access = new ScopedAccess(db, USER));
    const ids = this.ids;
    this.statements = new SqliteStatements(db);
    this.templates = {
      touchSession: access.compiledUpdate(
        SESSIONS,
        { expires_at: at('expires_at'), last_seen_at: at('last_seen_at') },
        (row) => row.where('id', ROW),
        { ...ids, expires_at: at('expires_at'), last_seen_at: at('last_seen_at') },
      ),
      touchApiToken: access.compiledUpdate(API_TOKENS, { last_used_at: at('last_used_at') }, (row) => row.where('id', ROW), {
        ...ids,
        last_used_at: at('last_used_at'),
      }),
      sessionAuthMethods: access.compiledUpdate(SESSION_SIGN_INS, { auth_methods: at('auth_methods') }, (row) => row.where('id', ROW), {
        ...ids,
        auth_methods: at('auth_methods'),
      }),
      surplusSessions: access.select(SESSIONS).orderBy('lastSeenAt', 'desc').orderBy('id', 'desc').offset(SESSIONS_PER_USER).compiledAll({ userId: ids.userId }),
      deleteSession: access.compiledDelete(SESSIONS, (row) => row.where('id', ROW), ids),
      ...countTemplates(access, ids.userId),
    };
  }

  /** The SQL each fixed statement runs, by name (pinned by spec/db/hot-path-sql.spec.ts). */
  get sql(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.templates).map(([name, template]) => [name, template.sql]));
  }

  touchSession = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchSession, { userId, id, ...changes });

  touchApiToken = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchApiToken, { userId, id, ...changes });

  /** KnexFactorStore's summary, on the read connection like every per-request read (sqlite-statements.ts). */
  async factorSummary(userId: UserId): Promise<FactorSummary> {
    const owner = { userId: toStoredId(userId) };
    const count = async (template: StatementTemplate) => countOf(await this.statements.get(template, owner));
    const { totpCount, passkeyCount, recoveryCodeCount } = this.templates;
    return summaryOf({ totp: await count(totpCount), passkeys: await count(passkeyCount), recoveryCodes: await count(recoveryCodeCount) });
  }

  /**
   * KnexUserScope's updateUser, insertSession and recordEvent, statement for statement, in one
   * transaction of statements prepared once: on knex's path a login's transaction spent ~0.65 ms of
   * CPU, most of it in a knex instance per transaction and the builders (docs/performance.md).
   */
  recordSignIn(userId: UserId, signIn: SignInRecord): Promise<void> {
    return this.statements.transaction((tx) => this.signInSteps(tx, userId, signIn));
  }

  /** recordSignIn's statements inside a unit already open (a registration's, prepared-registration.ts). */
  signInSteps(tx: SqliteTransaction, userId: UserId, { userChanges, session, event }: SignInRecord): void {
    const owner = { userId: toStoredId(userId) };
    const user = toRow(USERS, userChanges, 'sqlite');
    const { user_id: _sessionOwner, ...sessionRow } = toRow(SESSIONS, session, 'sqlite');
    const { user_id: _eventOwner, ...eventRow } = toRow(SECURITY_EVENTS, event, 'sqlite');
    const authMethods = session.authMethods?.join(' ') ?? '';
    const { sessionAuthMethods, surplusSessions, deleteSession } = this.templates;
    if (Object.keys(user).length > 0) tx.run(this.userUpdate(user), { ...owner, ...user });
    tx.run(this.insert(SESSIONS, sessionRow), { ...owner, ...sessionRow });
    if (authMethods !== '') tx.run(sessionAuthMethods, { ...owner, id: sessionRow.id, auth_methods: authMethods });
    for (const stale of tx.all(surplusSessions, owner)) tx.run(deleteSession, { ...owner, id: stale.id });
    tx.run(this.insert(SECURITY_EVENTS, eventRow), { ...owner, ...eventRow });
  }

  private userUpdate(row: StoredRow): StatementTemplate {
    const slots = slotsOf(row);
    return this.compiledFor(`update users ${Object.keys(row).join(',')}`, () =>
      this.access.compiledUpdate(USERS, slots, (filter) => filter, { userId: this.ids.userId, ...slots }),
    );
  }

  private insert<T, O extends keyof T & string>(model: InsertableModel<T, O>, row: StoredRow): StatementTemplate {
    const slots = slotsOf(row);
    return this.compiledFor(`insert ${model.table} ${Object.keys(row).join(',')}`, () =>
      this.access.compiledInsert(model, slots, { userId: this.ids.userId, ...slots }),
    );
  }

  private compiledFor(key: string, compile: () => StatementTemplate): StatementTemplate {
    let template = this.byColumns.get(key);
    if (!template) this.byColumns.set(key, (template = compile()));
    return template;
  }
}
