// ESLint flat config: typescript-eslint's recommended rules on top of ESLint's; type-checking is `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'dist.*/', 'console/dist/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
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
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Formatting is Prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
);
