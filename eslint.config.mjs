// One lint config for the whole workspace. Module boundaries are enforced here, not by goodwill:
// remotes never import each other or services, services never import front-end code, libs never import apps.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const remotes = [
  'mfe-auth',
  'mfe-request-wizard',
  'mfe-records',
  'mfe-sharing',
  'mfe-viewer',
  'mfe-provider',
  'mfe-groups',
];
const frontEndLibs = ['@portal/ui', '@portal/api', '@portal/session'];
const serviceImports = ['@portal/*-service', '@portal/gateway', '@portal/server-kit', '**/services/**'];
const appImports = [
  '@portal/shell',
  ...remotes.map((r) => `@portal/${r}`),
  '**/shell/**',
  '**/mfe-*/**',
  ...serviceImports.slice(0, 2),
  '**/services/**',
];

// Nest's route decorators: their paths come from libs/contracts (apiRoute), written there once.
const ROUTE_DECORATOR =
  'Decorator > CallExpression[callee.name=/^(Get|Post|Put|Delete|Patch|All|Head|Options)$/]';
const PATH_FROM_CONTRACTS =
  'Take the path from the contracts: apiRoute(<CONTEXT>_API.<name>, ...param names).';

const restrict = (patterns, message, paths = []) => ({
  'no-restricted-imports': ['error', { paths, patterns: [{ group: patterns, message }] }],
});
// Screens draw and dispatch: every call goes through the remote's one RTK Query API (src/api.ts).
const noDirectFetch = [
  {
    name: '@portal/api',
    importNames: ['apiFetch'],
    message: "Call the API through the remote's RTK Query endpoints (src/api.ts).",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.nx/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      // `.only` would silently drop the rest of a suite in CI.
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only', message: '.only hides the other tests from CI' },
        { object: 'it', property: 'only', message: '.only hides the other tests from CI' },
        { object: 'test', property: 'only', message: '.only hides the other tests from CI' },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (an unhandled rejection, a response sent
    // before the write), and a promise where a plain callback is expected is never awaited at all.
    files: ['**/*.tsx', '**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event handler returns, so an async onClick is fine; everywhere else it is not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // The build kit is plain CommonJS with one spec and no tsconfig: nothing for the type-aware rules to read.
  { files: ['libs/webpack-kit/**'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: restrict(
      [
        ...remotes.filter((r) => r !== remote).flatMap((r) => [`@portal/${r}`, `**/${r}/**`]),
        ...serviceImports,
        '@portal/shell',
        '**/shell/**',
      ],
      'A remote may import only libs/ (contracts, ui, api, session); other remotes load at run time with loadRemote.',
      noDirectFetch,
    ),
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: restrict(
      [...remotes.flatMap((r) => [`@portal/${r}`, `**/${r}/**`]), ...serviceImports],
      'The shell loads remotes at run time only.',
    ),
  },
  {
    files: ['services/**/*.ts'],
    rules: restrict(
      [
        ...frontEndLibs,
        '@portal/shell',
        ...remotes.map((r) => `@portal/${r}`),
        'react',
        'react-dom',
        '@mui/*',
      ],
      'Services never import front-end code.',
    ),
  },
  {
    files: ['libs/**/*.{ts,tsx}'],
    rules: restrict(appImports, 'Libraries never import apps.'),
  },
  {
    // Inside a context: controllers only translate HTTP, use cases hold the flow, repositories the SQL,
    // and errors come from the context's factories (docs/decisions/0012).
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: "Build errors with the context's factories (<context>.errors.ts).",
        },
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read settings from server-kit's typed config (CONFIG).",
        },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.http.controller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'A controller holds no SQL: it belongs in a repository.',
        },
        {
          selector: "CallExpression[callee.property.name='getRepository']",
          message: 'A controller holds no SQL: it belongs in a repository.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A controller opens no transaction: the use case does.',
        },
        {
          selector: "NewExpression[callee.name='AppError']",
          message: "Build errors with the context's factories (<context>.errors.ts).",
        },
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read settings from server-kit's typed config (CONFIG).",
        },
        // A path is written once, in libs/contracts: the route is apiRoute(<CONTEXT>_API.<name>, ...param names).
        { selector: `${ROUTE_DECORATOR} > :matches(Literal, TemplateLiteral)`, message: PATH_FROM_CONTRACTS },
        {
          selector: `${ROUTE_DECORATOR} > ArrayExpression > :matches(Literal, TemplateLiteral)`,
          message: PATH_FROM_CONTRACTS,
        },
        { selector: `${ROUTE_DECORATOR}[arguments.length=0]`, message: PATH_FROM_CONTRACTS },
        {
          selector: "Decorator > CallExpression[callee.name='Controller'][arguments.length>0]",
          message: 'A controller takes no prefix: each route names its whole path with apiRoute().',
        },
      ],
    },
  },
  {
    files: ['libs/server-kit/src/**/*.ts'],
    ignores: ['libs/server-kit/src/config.ts', 'libs/server-kit/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only config.ts reads the environment.',
        },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    // Tests read JSON answers of many shapes and assert them with expect; typing each body adds nothing.
    files: [
      '**/test/**/*.ts',
      '**/testing/**/*.ts',
      '**/*.spec.ts',
      '**/*.spec.tsx',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
