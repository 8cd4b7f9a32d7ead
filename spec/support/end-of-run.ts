// What must be released once the whole mocha run is over (a shared browser), registered by the
// support module that holds it. Mocha loads this file first (.mocharc.json `require`) and runs
// `mochaHooks.afterAll` after every spec file; importing it elsewhere gives the same module.
const tasks: (() => Promise<void>)[] = [];

export const atEndOfRun = (task: () => Promise<void>): void => {
  tasks.push(task);
};

export const mochaHooks = {
  async afterAll(): Promise<void> {
    await Promise.all(tasks.splice(0).map((task) => task()));
  },
};
