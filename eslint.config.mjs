// @ts-check
// Lint for the whole tree: typescript-eslint's type-checked recommendations, the house's rules (no import cycle,
// the layer map of docs/architecture.md) and nothing about layout, which Prettier owns (.prettierrc.json).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import house from './build/eslint-rules.mjs';

/** Modules at the top of src/ that every layer may use. */
const SHARED = [
  'log',
  'config',
  'deployment',
  'json',
  'text',
  'language',
  'metrics',
  'outcome',
  'outbound',
  'token',
  'secrets',
  'sdk-budget',
  'oauth',
];

/**
 * What each layer under src/ may import besides itself and the shared modules: the doors (skill, smarthome,
 * google, setup) stand on the domain (tv), the store and the client (cloud), never on each other; what two
 * doors share about Alexa is the alexa layer, what setup tells Google is homegraph; nothing but src/local
 * imports src/local, and only src/local reaches outside src/ (the sandbox speaks the models' locales, and its
 * command line answers --help as every script does: scripts/cli.ts). The alexa layer describes the TV to Alexa
 * (interfaces, events, Login with Amazon) and answers no directive: the handlers are the smart-home door's.
 */
const MAY_IMPORT = {
  cloud: [],
  store: [],
  tv: ['cloud'],
  alexa: ['tv', 'store'],
  homegraph: ['store'],
  'cold-start': ['cloud'],
  skill: ['cold-start', 'tv', 'store', 'cloud'],
  smarthome: ['cold-start', 'alexa', 'tv', 'store', 'cloud'],
  setup: ['alexa', 'homegraph', 'tv', 'store', 'cloud'],
  google: ['cold-start', 'tv', 'store', 'cloud'],
  local: [
    'cloud',
    'store',
    'tv',
    'alexa',
    'homegraph',
    'skill',
    'smarthome',
    'google',
    'setup',
    '../models',
    '../scripts',
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'coverage/',
      '.serverless/',
      '.esbuild/',
      '.build/',
      '.bench/',
      '.sandbox-data/',
      'skill-package/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { house },
    rules: {
      'house/no-cycle': 'error',
      'house/layers': ['error', { src: 'src', shared: SHARED, mayImport: MAY_IMPORT, closed: ['local/emulator'] }],
      // The tree marks an indexed read it knows is there with `!`, as noUncheckedIndexedAccess would ask.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `async` without `await` is how the tree implements a Promise-returning interface: a throw becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // tsc's noUnusedLocals and noUnusedParameters hold this already (tsconfig.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // Interfaces declare methods of plain objects and closures that use no `this`; they are passed around as values.
      '@typescript-eslint/unbound-method': 'off',
      // The stand-ins, checks and scripts print unknown JSON on purpose (`String(value)`), whatever it holds.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Jest's asymmetric matchers (expect.any, expect.objectContaining, …) and JSON.parse in assertions are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // The test stores merge an interface into their class: the UserStore's families are copied onto the instance.
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      // A case's step returns `Promise<unknown> | unknown` to say that it may be async.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { module: 'readonly', require: 'readonly', process: 'readonly', console: 'readonly' } },
  },
  {
    // CommonJS files serverless.yml and jest load with require(): they are what `require` is for.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { globals: { __dirname: 'readonly', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
