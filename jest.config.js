const { availableParallelism } = require('node:os');

// Unit and server tests. Browser tests live in packages/e2e (their own config: they need a build).
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** Workspace packages built for Node (dist), taken from their TypeScript source in tests. */
const FROM_SOURCE = {
  '^@app/contract$': '<rootDir>/packages/contract/src/index.ts',
  '^@app/contract/emoji$': '<rootDir>/packages/contract/src/emoji.ts',
};

const web = (name, roots) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots,
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  transformIgnorePatterns: ['/node_modules/(?!(antd-mobile|@react-spring|rc-field-form|@floating-ui|staged-components|use-sync-external-store)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/shared/test/style-stub.js', ...FROM_SOURCE },
  setupFiles: ['<rootDir>/shared/test/setup-globals.js'],
  rootDir: __dirname,
});

/** @type {import('jest').Config} */
module.exports = {
  // Jest's default is one worker less than the cores: one on CI's two. Most suites wait on
  // PostgreSQL, ffmpeg, stand-in servers and workers' polls rather than compute, so two share two
  // cores well (each suite has its own databases, folders and ports, as on a bigger machine).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    web('shared', ['<rootDir>/shared/src']),
    web('shell', ['<rootDir>/shell/src']),
    web('remotes', ['<rootDir>/remote-create/src', '<rootDir>/remote-account/src', '<rootDir>/remote-auth/src']),
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/packages/server/test/setup.ts'],
      roots: ['<rootDir>/packages/server/src', '<rootDir>/packages/server/test'],
      // PGlite's CommonJS build loads Node built-ins with import(), which Jest's sandbox refuses;
      // compiled, those become require().
      transform: { '^.+\\.(t|j)s$': swc(false), '^.+/@electric-sql/pglite/dist/.+\\.cjs$': swc(false) },
      transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
      // The engine from source: the server's tests run before anything is built.
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@app/engine$': '<rootDir>/packages/engine/src/index.ts', ...FROM_SOURCE },
      globalSetup: '<rootDir>/packages/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/packages/server/test/global-teardown.ts',
    },
    {
      displayName: 'contract',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/contract/test'],
      transform: { '^.+\\.(t|j)s$': swc(false) },
    },
    {
      displayName: 'engine',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/engine/test'],
      transform: { '^.+\\.(t|j)s$': swc(false) },
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', ...FROM_SOURCE },
      setupFilesAfterEnv: ['<rootDir>/packages/engine/test/setup-timeout.ts'], // testTimeout 120000
    },
  ],
};
