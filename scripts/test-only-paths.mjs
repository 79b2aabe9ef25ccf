// What in server/ exists only for the tests: never built into dist/ (scripts/build-server.mjs),
// free to import anything (scripts/count-backward-imports.mjs). Tests, their support modules
// and fixtures, the security and fault suites' worlds, the committed SQL snapshots.
const TEST_ONLY =
  /\.test\.tsx?$|test-support|fixture|^server[\\/](?:security|faults)[\\/]|^server[\\/]db[\\/]sql-snapshots[\\/]/;

/** True for a path (relative to the repository) that only the tests use. */
export const isTestOnly = (path) => TEST_ONLY.test(path);
