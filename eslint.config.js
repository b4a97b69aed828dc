import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-server',
      'data',
      'node_modules',
      'docs',
      'server/db/migrations',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Machines run in node, tests and the visualizer: no React, no HTTP client.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom', 'ofetch'] }],
    },
  },
  {
    // A machine's types are declared in its *.types.ts file and imported from there, never through the machine
    // file: a re-export gives every type two import paths, hides which module really declares it, and makes a
    // type-only importer depend on the machine module.
    files: ['machines/**/*.machine.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportNamedDeclaration[source.value=/\\.types$/], ExportAllDeclaration[source.value=/\\.types$/]',
          message:
            'Import the type from its *.types.ts file where it is used; do not re-export it from the machine.',
        },
        {
          selector:
            "ExportNamedDeclaration[exportKind='type']:not([source]):not([declaration]), ExportNamedDeclaration:not([source]) > ExportSpecifier[exportKind='type']",
          message:
            'Import the type from its *.types.ts file where it is used; do not re-export it from the machine.',
        },
      ],
    },
  },
  {
    // zod and the api/*.schemas.ts modules are for the server: a runtime import puts ~25 KB of zod into the
    // browser's chunk (docs/architecture.md, "api/"). Types may be imported; a lazily loaded chunk that really
    // validates with a schema may disable this rule on that line.
    files: ['api/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    ignores: ['api/**/*.schemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', allowTypeImports: true, message: 'Only api/*.schemas.ts import zod at runtime.' },
          ],
          patterns: [
            {
              group: ['**/*.schemas'],
              allowTypeImports: true,
              message: 'Schemas are for the server; use api/<resource>.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route files hold no queries: they reach the database through repositories and services (app.projects,
    // app.incidents, …). .dependency-cruiser.cjs forbids them server/db/; this forbids them drizzle, which it does not
    // see (it leaves node_modules out).
    files: ['server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: 'Route files hold no queries: use a repository or service.',
            },
          ],
        },
      ],
    },
  },
);
