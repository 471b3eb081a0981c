import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'public/build/',
      'node_modules/',
      'data/',
      '.cache/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      'api/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: 'detect' } },
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Types describe props; propTypes would say it twice.
      'react/prop-types': 'off',
      // Quotes and apostrophes in text render as written (and the spec's texts use them); a stray
      // '>' or '}' is still the typo this rule is for.
      'react/no-unescaped-entities': ['error', { forbid: ['>', '}'] }],
      // Only the confirm steps use autoFocus: they appear because the user just asked for them (a
      // reload without JavaScript), so focus follows the user's own action there.
      'jsx-a11y/no-autofocus': 'off',
      // A scrollable region of text must be reachable from the keyboard to scroll it (axe's
      // scrollable-region-focusable); such regions carry role="region" and a label.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'], tags: [] }],
    },
  },
  {
    // These modules exist to find control characters in untrusted input.
    files: [
      'api/kernel/request-sanity.ts',
      'api/kernel/validation.ts',
      'api/documents/multipart.ts',
      'api/ingest/extraction-types.ts',
    ],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // The Remix type references are how its ambient types are loaded.
    files: ['remix.env.d.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  prettier,
)
