import { expect } from 'chai';
import { HEAP_GROWING_PERCENT, tuneHeapGrowth } from '../../cli/heap-growth.js';

describe('serve: the heap growth factor (decision 0026)', () => {
  const io = (execArgv: string[]) => {
    const set: string[] = [];
    return { set, io: { execArgv, setV8Flags: (flags: string) => void set.push(flags) } };
  };

  it('sets --heap-growing-percent when node was started without one', () => {
    const { set, io: fake } = io(['--enable-source-maps']);
    expect(tuneHeapGrowth(fake)).to.equal(true);
    expect(set).to.deep.equal([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("leaves the operator's own --heap-growing-percent alone, in either spelling", () => {
    for (const flag of ['--heap-growing-percent=0', '--heap_growing_percent=80']) {
      const { set, io: fake } = io([flag]);
      expect(tuneHeapGrowth(fake)).to.equal(false);
      expect(set).to.deep.equal([]);
    }
  });

  it('a CLI without the V8 setter (a test fake) sets nothing', () => {
    expect(tuneHeapGrowth({ execArgv: [] })).to.equal(false);
  });
});
