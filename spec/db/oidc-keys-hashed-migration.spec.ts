import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { engineOf } from '../../src/adapters/knex/connection/engine.js';
import { migrateLatest, rollback } from '../../src/adapters/knex/migrations/migrator.js';
import { toStoredTime } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { databaseText } from '../support/db/database-text.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

const value = (): string => randomBytes(24).toString('base64url');
const LATER = new Date(Date.now() + 3_600_000);

/**
 * Rows the provider stored in the clear before 0009 (keys, uid, user code, the payload's jti, an
 * interaction's returnTo and its copy of the session cookie) are rewritten as their hashes: a copy
 * of the database taken after the upgrade opens nothing, and every row still works for its holder.
 */
describe(`migration 0009: the OpenID provider's clear rows hashed in place (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => {
    temp = await createTempDatabase();
    // Later migrations come off first, one at a time, down to the one under test.
    const undone: string[] = [];
    while (!undone.includes('0009_oidc_keys_hashed')) {
      const step = await rollback(temp.db);
      if (step.length === 0) break;
      undone.push(...step);
    }
    expect(undone.at(-1)).to.equal('0009_oidc_keys_hashed');
  });
  afterEach(() => temp.cleanup());

  const clearRow = (model: string, id: string, payload: Record<string, unknown>) => ({
    model,
    id,
    payload: JSON.stringify(payload),
    uid: typeof payload.uid === 'string' ? payload.uid : null,
    user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
    grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
    expires_at: toStoredTime(LATER, engineOf(temp.db)),
    created_at: toStoredTime(new Date(), engineOf(temp.db)),
  });

  it('keeps every row working for the value its holder presents, and none of the values in the database', async () => {
    const [session, uid, interaction, refreshToken, deviceCode, userCode] = Array.from({ length: 6 }, value);
    const sessionPayload = { jti: session, kind: 'Session', uid, accountId: 'someone' };
    const interactionPayload = { jti: interaction, kind: 'Interaction', returnTo: `https://id.example.com/gatehouse/oidc/auth/${interaction}`, session: { uid, cookie: session } };
    const refreshPayload = { jti: refreshToken, kind: 'RefreshToken', grantId: 'g1', sessionUid: uid };
    const devicePayload = { jti: deviceCode, kind: 'DeviceCode', userCode };
    await temp.db('oidc_payloads').insert([
      clearRow('Session', session!, sessionPayload),
      clearRow('Interaction', interaction!, interactionPayload),
      clearRow('RefreshToken', refreshToken!, refreshPayload),
      clearRow('DeviceCode', deviceCode!, devicePayload),
    ]);

    expect((await migrateLatest(temp.db))[0]).to.equal('0009_oidc_keys_hashed');

    const copy = await databaseText(temp.db);
    expect([session, interaction, refreshToken, deviceCode, userCode].filter((secret) => copy.includes(secret!))).to.deep.equal([]);
    const payloads = createKnexStore(temp.db).oidcPayloads;
    expect(await payloads.find('Session', session!)).to.deep.equal(sessionPayload);
    expect(await payloads.findByUid('Session', uid!)).to.deep.include({ uid, accountId: 'someone' });
    expect(await payloads.find('Interaction', interaction!)).to.deep.equal({ ...interactionPayload, session: { uid } });
    expect(await payloads.find('RefreshToken', refreshToken!)).to.deep.equal(refreshPayload);
    expect(await payloads.findByUserCode('DeviceCode', userCode!)).to.deep.include({ userCode, kind: 'DeviceCode' });
    await payloads.revokeByGrantId('g1');
    expect(await payloads.find('RefreshToken', refreshToken!)).to.equal(null);
  });

  it('down deletes the provider\'s rows, which no value can open any more, and up again works', async () => {
    await migrateLatest(temp.db);
    await createKnexStore(temp.db).oidcPayloads.upsert('Session', value(), { kind: 'Session', uid: value() }, LATER);
    // Later migrations come off first, one at a time, down to the one under test.
    const undone: string[] = [];
    while (!undone.includes('0009_oidc_keys_hashed')) {
      const step = await rollback(temp.db);
      if (step.length === 0) break;
      undone.push(...step);
    }
    expect(undone.at(-1)).to.equal('0009_oidc_keys_hashed');
    expect(await countRows(temp.db, 'oidc_payloads')).to.equal(0);
    expect((await migrateLatest(temp.db))[0]).to.equal('0009_oidc_keys_hashed');
  });
});
