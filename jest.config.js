/**
 * Unit tests sit beside the code; end-to-end tests in test/ drive the HTTP API against a real database.
 * `tools` holds the suites that drive Debian's programs (Chromium, pynetbox, Ansible, PostgreSQL's initdb and psql, redis-server, git): `npm test` leaves
 * them out so that it passes with only npm, `npm run test:all` runs them and fails when they are missing.
 */
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
};
const TOOL_SUITES = [
  '<rootDir>/test/browser\\.e2e-spec\\.ts$',
  '<rootDir>/test/graphql-browser\\.e2e-spec\\.ts$',
  '<rootDir>/test/jobs-redis\\.e2e-spec\\.ts$',
  '<rootDir>/test/clients\\.e2e-spec\\.ts$',
  '<rootDir>/test/db-faults\\.e2e-spec\\.ts$',
  '<rootDir>/test/data-sources-git\\.e2e-spec\\.ts$',
  '<rootDir>/test/import-netbox-sources\\.e2e-spec\\.ts$',
  '<rootDir>/test/import-netbox\\.e2e-spec\\.ts$',
  '<rootDir>/test/login-throttle-redis\\.e2e-spec\\.ts$',
  '<rootDir>/test/shutdown-faults\\.e2e-spec\\.ts$',
  '<rootDir>/test/outbox\\.e2e-spec\\.ts$',
];
module.exports = {
  // An end-to-end app starts on a fresh database and applies every migration: on PostgreSQL on a busy machine that takes seconds.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    { ...common, displayName: 'e2e', rootDir: '.', roots: ['<rootDir>/test'], testRegex: '.*\\.e2e-spec\\.ts$', testPathIgnorePatterns: TOOL_SUITES },
    { ...common, displayName: 'tools', rootDir: '.', roots: ['<rootDir>/test'], testRegex: TOOL_SUITES.map((p) => p.replace('<rootDir>/', '')) },
  ],
};
