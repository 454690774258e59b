// Unit tests live beside the code (*.spec.ts[x]); integration tests in services/<context>/test (*.int-spec.ts).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@portal/server-kit/testing$': '<rootDir>/libs/server-kit/src/testing/index.ts',
  '^@portal/ui/testing$': '<rootDir>/libs/ui/src/test/remote-testing.tsx',
  '^@portal/(contracts|ui|api|session|server-kit)$': '<rootDir>/libs/$1/src/index.ts',
  '^@portal/(.*)-service$': '<rootDir>/services/$1/src/index.ts',
  '\\.(css|svg|png)$': '<rootDir>/libs/ui/src/test/file-stub.cjs',
};
const ignore = ['/node_modules/', '/dist/', '/e2e/'];
// ESM-only packages (jose, postal-mime, content-disposition) are compiled to CommonJS for Jest, which cannot require ESM on Node 20.
const transformIgnorePatterns = ['/node_modules/(?!.*(jose|postal-mime|content-disposition)/)'];
const base = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns,
  moduleNameMapper,
  testPathIgnorePatterns: ignore,
};

module.exports = {
  // A global option (Jest ignores it inside a project): starting a whole gateway on a busy 2-core
  // machine can take longer than the 5 s default of a hook.
  testTimeout: 60000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/libs/server-kit/test/close-worker-threads.ts'],
      testMatch: [
        '<rootDir>/{libs/contracts,libs/server-kit,libs/webpack-kit,libs/local-stripe,services}/**/*.spec.ts',
      ],
    },
    {
      ...base,
      displayName: 'unit-web',
      testEnvironment: 'jsdom',
      // jsdom lacks what react-router and RTK Query need at import time (TextEncoder, ...).
      setupFiles: ['<rootDir>/libs/ui/src/test/jsdom-polyfills.ts'],
      testMatch: ['<rootDir>/{shell,mfe-*,libs/ui,libs/api,libs/session}/**/*.spec.{ts,tsx}'],
    },
    {
      ...base,
      displayName: 'integration',
      globalSetup: '<rootDir>/libs/server-kit/test/global-setup.mjs',
      globalTeardown: '<rootDir>/libs/server-kit/test/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/libs/server-kit/test/close-worker-threads.ts'],
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/services/*/test/**/*.int-spec.ts',
        '<rootDir>/libs/server-kit/test/**/*.int-spec.ts',
        '<rootDir>/libs/facility-systems/test/**/*.int-spec.ts',
      ],
    },
  ],
};
