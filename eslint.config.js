// ESLint flat config: typescript-eslint's recommended rules on top of ESLint's, plus two type-aware
// promise rules; type-checking itself is `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      'dist/',
      'dist.*/',
      'console/dist/',
      'console/src/lib/api-schema.d.ts',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  // Type-aware rules for TypeScript files (each is in tsconfig.json or console/tsconfig.json): a
  // promise is awaited, returned or explicitly `void`ed, never dropped or passed where a plain
  // function is expected. node:test's suite functions are awaited by the runner itself.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  { files: ['scripts/**', 'bin/**', 'bench/**', 'test/**', 'src/main.ts', 'src/cli/**'], rules: { 'no-console': 'off' } },
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The agent console runs in the browser; React's rules of hooks apply to it.
  {
    files: ['console/src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A failed call is shown to the agent or handled, never dropped: no empty `.catch(() => {})`
      // and no empty rejection handler in `.then(ok, () => {})`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]",
          message: 'Do not swallow a failure: show it to the agent (ErrorAlert) or handle it.',
        },
        {
          selector:
            "CallExpression[callee.property.name='then'] > :matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]:nth-child(2)",
          message: 'Do not swallow a failure: show it to the agent (ErrorAlert) or handle it.',
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
);
