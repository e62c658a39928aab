/**
 * Module boundaries held by the tools (issue 15, decision 118). `npm run lint:boundaries`,
 * part of the lint step of `npm test`: any violation fails it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-isolation',
      comment:
        "A web feature never imports another feature's internals: only its public entry " +
        '(features/<name>/index.ts); shared pieces live in apps/web/src/components, lib, hooks or stores. ' +
        'The billing features (invoices, quotes, retainers, received-ecf) also use the shared billing ' +
        'kit features/billing-shared (decision 150), checked by the two rules below.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: [
          '^apps/web/src/features/$1/',
          '^apps/web/src/features/[^/]+/index[.]ts$',
          '^apps/web/src/features/billing-shared/',
        ],
      },
    },
    {
      name: 'web-billing-shared-only-for-billing',
      comment:
        'features/billing-shared is the kit of the billing features only (invoices, quotes, ' +
        'retainers, received-ecf; decision 150): any other feature goes through their public entries.',
      severity: 'error',
      from: {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/(invoices|quotes|retainers|received-ecf|billing-shared)/',
      },
      to: { path: '^apps/web/src/features/billing-shared/' },
    },
    {
      name: 'web-billing-shared-is-a-base',
      comment:
        'The shared billing kit sits below the billing features: it imports no feature at all, not ' +
        'even a public entry (decision 150), so invoices, quotes and retainers never cycle through it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/billing-shared/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/billing-shared/' },
    },
    {
      name: 'web-toasts-through-helper',
      comment:
        'Toasts go through lib/toast.ts (issue 25, decision 150): only the helper, the one container ' +
        'and its live-region announcer (and their tests) import @mantine/notifications.',
      severity: 'error',
      from: {
        path: '^apps/web/src/',
        pathNot: [
          '^apps/web/src/lib/toast[.]ts$',
          '^apps/web/src/components/ui/(toast-container|toast-announcements)[.]tsx$',
          '^apps/web/src/components/ui/live-regions[.]test[.]tsx$',
        ],
      },
      to: { path: '(^|/)node_modules/@mantine/notifications/', pathNot: '[.]css$' },
    },
    {
      name: 'web-shared-not-from-features',
      comment: 'Shared web code (components, lib, hooks, stores) never reaches into a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|hooks|stores)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'api-no-foreign-routes',
      comment:
        "An API module never imports another module's routes (only its service, policy or " +
        'read-model functions); routes are wired in app.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/.+[.]routes[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'api-billing-kit-from-its-module',
      comment:
        'The billing documents kit (numbering, line rows, lists, PDF layout, the PDF route) lives in ' +
        'modules/billing-documents (issue 25, decision 149). Other modules reach invoices/ only ' +
        'through its public service, queries and policy files (and fiscal-snapshot.ts, the ' +
        '"as issued" read model the e-CF module seals), never through its internals.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: '^apps/api/src/modules/invoices/' },
      to: {
        path: '^apps/api/src/modules/invoices/',
        pathNot: '^apps/api/src/modules/invoices/([^/]+[.](service|queries|policy)|fiscal-snapshot)[.]ts$',
      },
    },
    {
      name: 'api-billing-kit-below-documents',
      comment:
        'The billing documents kit sits below the document modules (invoices, quotes, recurring ' +
        'invoices) and imports none of them (decision 149).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/billing-documents/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/api/src/modules/(invoices|quotes|recurring-invoices)/' },
    },
    {
      name: 'api-layers-below-modules',
      comment:
        'The database layer, lib/ and the plugins sit below the modules and import none of them; ' +
        'what needs a module (the demo seed, the admin CLI) lives in src/cli/ (issue 25).',
      severity: 'error',
      from: { path: '^apps/api/src/(db|lib|plugins)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-not-into-web',
      comment: 'The API and the web app share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-not-into-api',
      comment: 'The API and the web app share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'shared-imports-only-zod',
      comment: 'packages/shared is the contract: it imports nothing but zod (and itself).',
      severity: 'error',
      from: { path: '^packages/shared/src/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: '^(packages/shared/src/|node_modules/zod/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|[.]tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
