/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  setupFiles: ['<rootDir>/test/support/quiet-sdk-notices.ts'],
  // Every file's logs are checked for the tokens and link codes it made (secrets never reach a log).
  setupFilesAfterEnv: ['<rootDir>/test/support/secrets-in-logs.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  // Tests start real servers on loopback (dynalite, the device-cloud emulator); give them time on 2 cores.
  testTimeout: 20000,
  // Two files at a time on the 2-core machine (Jest's default is the cores less one): most files wait on
  // loopback servers and child processes, not on a core.
  maxWorkers: 2,
  // A worker whose heap has grown past this after a file is replaced before the next one. V8 collects the
  // old generation late, so a worker that has run many files holds a large heap, most of it garbage, and
  // freeing it at exit can take longer than Jest waits for a worker to end (then it kills the worker).
  workerIdleMemoryLimit: '400MB',
};
