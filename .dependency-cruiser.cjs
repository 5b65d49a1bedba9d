// Import boundaries, checked on resolved paths by `npm run boundaries` (part of `npm test`).
// Decision 009. Paths are relative to the folder depcruise runs in (the repository root).
const path = require('node:path');

/** Product code only: colocated tests may reach into what they test (apps/server/test is not under src). */
const notTests = '\\.test\\.tsx?$';

/** Code in `<root>/<a>/` may use `<root>/<b>/` (b ≠ a) only through `<root>/<b>/index.ts(x)`. */
const throughIndex = (name, root, comment, doors = ['index\\.tsx?']) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^${root}/([^/]+)/`, pathNot: notTests },
  to: { path: `^${root}/[^/]+/`, pathNot: [`^${root}/$1/`, ...doors.map((d) => `^${root}/[^/]+/${d}$`)] },
});

/** A web feature's routes.ts may hang its routes under another feature's route (routes.ts to routes.ts). */
const webRoutesFile = '^apps/web/src/features/[^/]+/routes\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      ...throughIndex(
        'web-features-through-index',
        'apps/web/src/features',
        'A web feature uses another feature only through its index.ts(x): the rest of the folder is private to it.',
      ),
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: [notTests, webRoutesFile] },
    },
    {
      ...throughIndex(
        'web-routes-through-routes',
        'apps/web/src/features',
        "A feature's routes.ts uses another feature through its index.ts, or its routes.ts for a parent route.",
        ['index\\.tsx?', 'routes\\.ts'],
      ),
      from: { path: '^apps/web/src/features/([^/]+)/routes\\.ts$' },
    },
    throughIndex(
      'server-modules-through-index',
      'apps/server/src/modules',
      'A server module uses another module only through its index.ts.',
    ),
    {
      name: 'quotes-and-purchase-orders-side-by-side',
      comment:
        'Quotes and purchase orders both stand on the shared order module (order-contents, decision 029); neither imports the other.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/(quotes|purchase-orders)/' },
      to: {
        path: '^apps/server/src/modules/(quotes|purchase-orders)/',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'shared-order-module-knows-no-owner',
      comment:
        'The shared order module serves quotes and purchase orders through owner hooks; it imports neither.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/order-contents/' },
      to: { path: '^apps/server/src/modules/(quotes|purchase-orders)/' },
    },
    {
      name: 'web-quotes-and-orders-side-by-side',
      comment:
        'The quotes and orders features both use the shared order-lines feature; neither imports the other.',
      severity: 'error',
      from: { path: '^apps/web/src/features/(quotes|orders)/' },
      to: { path: '^apps/web/src/features/(quotes|orders)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-not-features',
      comment: 'lib, components and config serve the features; they never import one.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|config)/', pathNot: notTests },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-shared-code-not-modules',
      comment: 'lib, db and plugins serve the modules; they never import one (the seeder is the next rule).',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db|plugins)/', pathNot: ['^apps/server/src/db/seed/', notTests] },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-seed-through-module-index',
      comment: 'The demo seeder calls module services, like any caller: only through a module index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/db/seed/', pathNot: notTests },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'packages-not-apps',
      comment: 'Imports go one way: apps use packages, never the reverse.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-not-domain-internals',
      comment:
        'The contracts may share a rule of packages/domain (a pattern, a limit) only through its index.ts.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/domain/', pathNot: '^packages/domain/src/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles at run time (an ES module cycle decides what is undefined while loading). Cycles that pass through an `import type` are erased by TypeScript and allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|\\.tsbuild)/' },
    // Type-only imports count for the boundaries (a feature's types are as private as its code).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.base.json') },
    // The workspaces import each other by name (@slat/contracts → packages/contracts/src/index.ts
    // through the npm workspace link and the package's `exports`), so rules see the real path.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
