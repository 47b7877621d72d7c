// Import rules over apps/*/src and libs/*/src, checked by `npm run check:cycles`
// (scripts/check-cycles.mjs, a step of `npm test`). docs/architecture.md says why.

/** What dependency-cruiser reads and how it resolves, shared with the folder check. */
export const options = {
  includeOnly: '^(apps|libs)/[^/]+/src/',
  doNotFollow: { path: 'node_modules' },
  // Type-only imports are read (the folder rules count them); a module cycle through one is
  // allowed, since the compiler erases it (no-import-cycle below).
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'] },
};

export default {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment:
        'No module imports itself through others: pull what both need into a third module, or turn one edge around.',
      severity: 'error',
      // A cycle through a type-only import is erased by the compiler and never runs: the
      // catalogues' main namespace types the keys of its lazy parts that way (docs/frontend.md).
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'api-tooling-only-for-tests',
      comment:
        'apps/api/src/tooling (test helpers, global setup, chaos and soak harnesses) is used by tests and scripts, never by the app.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/tooling/', '\\.test\\.ts$'] },
      to: { path: '^apps/api/src/tooling/' },
    },
    {
      name: 'api-infrastructure-below-areas',
      comment:
        "The API's infrastructure (clock, config, errors, db, plugins, jobs, mail, i18n, openapi, health) does not import its areas; an area tells others through a plugin (plugins/outgoing.ts). Wiring the areas up is app.ts and main.ts; the queue runs message delivery, config reads gateway settings.",
      severity: 'error',
      from: {
        path: [
          '^apps/api/src/(clock|config|errors)\\.ts$',
          '^apps/api/src/(db|plugins|jobs|mail|i18n|openapi|health)/',
        ],
        pathNot: ['^apps/api/src/jobs/queue\\.ts$', '^apps/api/src/config\\.ts$', '\\.test\\.ts$'],
      },
      to: {
        path: '^apps/api/src/',
        pathNot: [
          '^apps/api/src/(clock|config|errors)\\.ts$',
          '^apps/api/src/(db|plugins|jobs|mail|i18n|openapi|health|tooling)/',
        ],
      },
    },
    {
      name: 'no-test-imports',
      comment: 'A test file is imported by nothing; shared test code goes in a helper.',
      severity: 'error',
      from: {},
      to: { path: '\\.test\\.tsx?$' },
    },
  ],
  options,
};
