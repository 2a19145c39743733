import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const sandboxFace = {
  group: ['**/sandbox/*'],
  message: 'The sandbox is a world of its own: import its public face, @sandbox.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Import direction: core is shared, so it imports neither side; web never imports server.
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/web/**', '**/server/**', '../web/*', '../server/*'],
          message: 'core/ imports neither web/ nor server/.',
        },
        {
          group: ['react', 'react-*', 'fastify', 'kysely', 'node:*'],
          message: 'core/ stays free of UI, server and Node-only code.',
        },
      ]),
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg', 'node:*'],
          message: 'web/ never imports server code.',
        },
      ]),
    },
  },
  {
    // A feature does not import another feature; shared pieces live in app/, api/ or components/.
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg', 'node:*'],
          message: 'web/ never imports server code.',
        },
        {
          group: ['../*/**', '!../../**', '**/features/**'],
          message: 'A feature does not import another feature.',
        },
      ]),
    },
  },
  {
    // The API modules (calls, their query keys and hooks) serve the screens; none imports one.
    files: ['web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg', 'node:*'],
          message: 'web/ never imports server code.',
        },
        {
          group: ['**/features/**', '**/components/**'],
          message: 'web/src/api/ imports no screen or component.',
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/web/src/**', 'react', 'react-dom'],
          message: 'server/ does not import the web app.',
        },
        sandboxFace,
      ]),
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([sandboxFace]) },
  },
  {
    // The sandbox web imports nothing of the product but the shared core.
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/web/**', '**/e2e/**', '**/bench/**', '@sandbox'],
          message: 'sandbox/ imports only @core and its own files.',
        },
      ]),
    },
  },
);
