import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import { startWorker } from '../support/db/worker-process.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

interface Reading {
  readBack: number;
  offsetMinutes: number;
}

const run = async (tz: string, args: string[]): Promise<Reading> =>
  JSON.parse(await startWorker('./timestamp-worker.ts', args, { TZ: tz }).output) as Reading;

// The stored form of an instant differs by engine: see sqlite/ and postgres/stored-instants.spec.ts.
describe(`timestamps across process time zones (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  before(async () => (temp = await createTempDatabase()));
  after(() => temp.cleanup());

  it('reads back the same instant whichever TZ wrote or reads it', async () => {
    const instant = Date.parse('2026-07-04T12:34:56.789Z');
    const id = uuidv7();
    const written = await run('America/New_York', ['write', temp.url, JSON.stringify({ id, email: 'tz@example.com', at: instant })]);
    const read = await run('Asia/Kathmandu', ['read', temp.url, id]);
    // Offsets prove each process really ran in its zone (New York in July: UTC-4; Kathmandu: UTC+5:45).
    expect([written.offsetMinutes, read.offsetMinutes]).to.deep.equal([240, -345]);
    expect([written.readBack, read.readBack]).to.deep.equal([instant, instant]);
  });
});
