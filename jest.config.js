/** Unit tests sit beside the code; end-to-end tests in test/ drive the HTTP API against a real database. */
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
};
module.exports = {
  // An end-to-end app starts on a fresh database and applies every migration: on PostgreSQL on a busy machine that takes seconds.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    { ...common, displayName: 'e2e', rootDir: '.', roots: ['<rootDir>/test'], testRegex: '.*\\.e2e-spec\\.ts$' },
  ],
};
