import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const areas = [
  'auth',
  'users',
  'dashboards',
  'applications',
  'tasks',
  'compensation',
  'notifications',
  'content',
  'audit',
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      // The arrows of docs/architecture.md: domain imports neither side; server and client never
      // import each other; a client feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: ['./src/server', './src/client'],
              message: 'domain imports nothing from server or client',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'the client never imports the server',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'the server loads the built client, never its source',
            },
            {
              target: './src/client/components',
              from: './src/client/features',
              message: 'shared components never import a feature',
            },
            ...areas.map((area) => ({
              target: `./src/client/features/${area}`,
              from: './src/client/features',
              except: [`./${area}`],
              message:
                'features do not import each other; move what they share down to components/ or lib/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A screen sends a change through useAction: one request per action at a time, however
    // often it is tapped (decision 0041).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/lib/action.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Send changes with useAction (src/client/lib/action.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Intl formatters are made once per language and options (src/domain/intl.ts): making one
    // costs far more than using it, and a list would make the same one for every row.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/intl.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: 'Use the reused formatters of src/domain/intl.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Use formatMoment or the formatters of src/domain/intl.ts.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
