// ESLint flat config: typescript-eslint's recommended rules on top of ESLint's; type-checking is `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'reports/', '.stryker-tmp/'] },
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
  // Formatting is Prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
);
