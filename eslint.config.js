// Type-aware lint: strictTypeChecked (no floating or misused promises), plus
// the layer rules that keep imports pointing downward.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Plain JS files (scripts, fixtures, benchmarks) run on Node.
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'URL',
    'fetch',
    'performance',
    'structuredClone',
    'AbortController',
    'TextEncoder',
    'TextDecoder',
    'queueMicrotask',
    'globalThis',
    'Headers',
    'Request',
    'Response',
    'ReadableStream',
    'AbortSignal',
    'crypto',
    'btoa',
    'atob',
  ].map((g) => [g, 'readonly']),
);

const core = 'packages/mcpkit/src';
const layer = (folder, forbidden, message, extra = []) => ({
  files: [`${core}/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((f) => ({ group: [`**/${f}/**`, `../${f}/*`, `../../${f}/*`], message })),
          ...extra,
          ...(folder === 'node'
            ? []
            : [{ group: ['node:*'], message: 'The core is runtime-neutral: Node APIs belong in src/node.' }]),
        ],
      },
    ],
  },
});

// HTTP uses the scale-out room through its entry, and never its Redis half (only mcpkit/redis loads ioredis).
const scaleoutEntry = {
  regex: '^(\\.\\./)+scaleout/(?!index\\.js$)',
  message: 'HTTP uses the scale-out room through its entry (src/scaleout/index.js).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/mcpkit/types/**',
      '**/*.d.ts',
      'bench/results/**',
      'bench/.*/**',
      'apps/inspector/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      // One program for every file (tsconfig.json includes them all): the project service built one
      // per nearest tsconfig (root, CLI, inspector, seven servers), 35% more CPU and 1 GB more memory.
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Error']",
          message: 'Library code throws RpcError (wire) or LocalError (local), never a bare Error.',
        },
      ],
    },
  },
  layer(
    'jsonrpc',
    ['protocol', 'schema', 'server', 'client', 'http', 'node', 'testing', 'host'],
    'jsonrpc knows nothing of MCP: it imports nothing above it.',
  ),
  layer(
    'telemetry',
    ['schema', 'server', 'client', 'http', 'node', 'testing', 'host'],
    'telemetry sits under client and server: it imports only jsonrpc and protocol.',
  ),
  layer('protocol', ['schema', 'server', 'client', 'http', 'node', 'testing', 'host'], 'protocol imports only jsonrpc.'),
  layer('schema', ['server', 'client', 'http', 'node', 'testing', 'host'], 'schema imports only protocol and jsonrpc.'),
  layer(
    'server',
    ['client', 'http', 'node', 'testing', 'host', 'scaleout'],
    'server and client never import each other, nor transports above them.',
  ),
  layer(
    'client',
    ['server', 'http', 'node', 'testing', 'host', 'scaleout'],
    'server and client never import each other, nor transports above them.',
  ),
  // Tasks see the session they run on through TaskSession: the session imports them, never the reverse.
  layer('server/tasks', ['client', 'http', 'node', 'testing', 'host', 'scaleout'], 'server and client never import each other.', [
    {
      group: ['../session.js', '../server.js', '../serverCore.js', '../serverView.js'],
      message: 'Tasks see a session through TaskSession (tasks/taskSession.ts), never the session or the server.',
    },
  ]),
  layer('http', ['node', 'testing', 'host'], 'The HTTP core is runtime-neutral.', [scaleoutEntry]),
  // The two sides of HTTP are siblings: each reads the wire through http/wire, never the other side.
  layer(
    'http/server',
    ['client', 'node', 'testing', 'host'],
    'The HTTP server side never imports the client side (share through http/wire).',
    [scaleoutEntry],
  ),
  layer(
    'http/client',
    ['server', 'node', 'testing', 'host'],
    'The HTTP client side never imports the server side (share through http/wire).',
  ),
  layer('http/wire', ['server', 'client', 'node', 'testing', 'host'], 'http/wire is what both sides read: it imports neither.'),
  layer('node', ['host'], 'The host sits above node: node never imports it.'),
  // Address classification is below everything: the fetch server's policy and the OAuth client's read it.
  layer(
    'net',
    ['jsonrpc', 'protocol', 'schema', 'server', 'client', 'http', 'node', 'testing', 'host', 'auth'],
    'net is the bottom layer: it imports nothing of mcpkit.',
  ),
  // The OAuth client sits above the HTTP client transports (it is their `auth`) and below node.
  layer('auth', ['server', 'node', 'testing', 'host'], 'mcpkit/auth is a client layer over http: no server, no Node.', [
    { group: ['../http/server/*', '../http/server/**'], message: 'The OAuth client uses the HTTP client side only.' },
  ]),
  // The host sits above client, http and node and uses only their public entries (each folder's index.js),
  // as an application would; its Node leaf (src/host/node) is the only part that may reach Node.
  {
    files: [`${core}/host/**/*.ts`],
    ignores: [`${core}/host/node/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The host core is runtime-neutral: Node APIs belong in src/host/node.' },
            {
              regex: '^(\\.\\./)+(node|server|testing)/',
              message: 'The runtime-neutral host imports neither node, nor server, nor testing.',
            },
            {
              regex: '^(\\.\\./)+(jsonrpc|protocol|schema|client|http)/(?!index\\.js$)',
              message: 'The host uses only the public entries of the layers below (their index.js).',
            },
          ],
        },
      ],
    },
  },
  // mcpkit/testing is what users import into their tests: runtime-neutral, and built, as a user's
  // test would be, on the public entries of the layers below.
  {
    files: [`${core}/testing/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'mcpkit/testing is runtime-neutral: no Node APIs.' },
            { regex: '^(\\.\\./)+(node|http|host)/', message: 'mcpkit/testing needs no transport but the in-memory one.' },
            {
              regex: '^(\\.\\./)+(jsonrpc|protocol|schema|client|server)/(?!index\\.js$)',
              message: 'mcpkit/testing uses only the public entries of the layers below (their index.js).',
            },
          ],
        },
      ],
    },
  },
  // The scale-out room (src/scaleout): the shared store's interface, one file per part, in memory and (its
  // Node leaf, src/scaleout/redis, the mcpkit/redis entry) on Redis. It sits above the server and below HTTP,
  // reads the layers below only through their public entries, and is read by HTTP through its own index.js.
  {
    files: [`${core}/scaleout/**/*.ts`],
    ignores: [`${core}/scaleout/redis/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The scale-out store is runtime-neutral: Node belongs in src/scaleout/redis.' },
            {
              regex: '^(\\.\\./)+(host|testing|client|http|node|auth)/',
              message: 'The scale-out store sits below HTTP: it imports neither HTTP, client, node, host nor testing.',
            },
            { regex: '(^|/)redis/', message: 'Only mcpkit/redis loads ioredis: the room does not import its Redis half.' },
            {
              regex: '^(\\.\\./)+(jsonrpc|protocol|schema|server)/(?!index\\.js$)',
              message: 'The scale-out store reads the server through its published types (the public entries).',
            },
          ],
        },
      ],
    },
  },
  // mcpkit/redis: a Node leaf of the scale-out room that uses only the public entries below it, as an application would.
  {
    files: [`${core}/scaleout/redis/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(host|testing|client|http|node|auth)/',
              message: 'mcpkit/redis serves: it imports neither host, client, HTTP nor testing.',
            },
            {
              regex: '^\\.\\./\\.\\./(jsonrpc|protocol|schema|server)/(?!index\\.js$)',
              message: 'mcpkit/redis uses only the public entries of the layers below (their index.js).',
            },
            {
              regex: '^\\.\\./(?!index\\.js$|\\.\\./)',
              message: 'mcpkit/redis uses the scale-out room through its entry (src/scaleout/index.js).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${core}/host/node/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(server|testing)/', message: 'The host is a client: it imports neither server nor testing.' },
            {
              regex: '^\\.\\./\\.\\./(jsonrpc|protocol|schema|client|http|node)/(?!index\\.js$|stdio/index\\.js$)',
              message: 'The host uses only the public entries of the layers below (their index.js).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test-d.ts',
      'test/**',
      'packages/*/test/**',
      'bench/**',
      'scripts/**',
      'apps/**',
      'servers/**',
      'vitest.config.ts',
      'eslint.config.js',
    ],
    rules: {
      'no-restricted-syntax': 'off',
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
    // A module may import what is also a global (`import process from 'node:process'`).
    rules: { 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
);
