// The web app's import rules, checked by `npm run depcruise` (part of
// `npm run lint` and `make check`): no import cycles, and the folders of src/
// import only downwards. Type-only imports count too.
//
//   utils, locales, api/types.ts   pure helpers, the languages, shared wire shapes
//   stores                         zustand stores (session, preferences, tabs)
//   app                            app-wide plumbing: i18n, feedback, theme, page contexts
//   api                            the HTTP client and downloads
//   components                     shared UI (DocGrid, lists, dialogs)
//   features                       one folder a business area (may use each other, no cycles)
//   layouts                        the shell (loaded lazily by the view registry)
//   routes                         the route table and the view registry
//   main.tsx, test/                entry points
//
// A folder may import its own layer and the layers listed above it, never the
// ones below it.

const layers = ['utils|locales', 'stores', 'app', 'api', 'components', 'features', 'layouts', 'routes']

// api/types.ts only declares shapes: every layer may use it.
const sharedTypes = '^src/api/types\\.ts$'

function below(i) {
  return layers.slice(i + 1).join('|')
}

const layerRules = layers.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.replace('|', '-')}`,
  comment: `src/{${layer}} may not import from src/{${below(i).replaceAll('|', ',')}}: move the shared piece down, or hand it in from above (props, context).`,
  severity: 'error',
  from: { path: `^src/(${layer})/` },
  to: { path: `^src/(${below(i)})/`, pathNot: sharedTypes },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: cut it (move the shared piece to a lower module, or hand it in from above).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'no-unresolvable',
      comment: 'An import that does not resolve to a file or a package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
