/** Folder-level import rules that ESLint's per-file view cannot see (npm run lint runs them). */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Server folders depend one way: a feature builds on shared machinery and other ' +
        'features, never on something that depends on it back.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/' },
      to: { path: '^server/src/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
