/** Unit tests sit beside the code; end-to-end tests in test/ drive the HTTP API against a real database. */
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    // Each app starts on a fresh database and applies every migration: on PostgreSQL on a busy machine that takes seconds.
    { ...common, displayName: 'e2e', rootDir: '.', roots: ['<rootDir>/test'], testRegex: '.*\\.e2e-spec\\.ts$', testTimeout: 60_000 },
  ],
};
