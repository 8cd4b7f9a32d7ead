import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import { startWorker } from '../support/db/worker-process.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';

interface Reading {
  readBack: number;
  offsetMinutes: number;
}

const run = async (tz: string, args: string[]): Promise<Reading> =>
  JSON.parse(await startWorker('./timestamp-worker.ts', args, { TZ: tz }).output) as Reading;

describe('timestamps across process time zones (SQLite file)', () => {
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
    const [row] = (await temp.db('users').select('created_at')) as { created_at: string }[];
    expect(row?.created_at).to.equal('2026-07-04T12:34:56.789Z');
  });
});
