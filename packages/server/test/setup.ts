// Each suite starts a PGlite: ~2 s on an idle machine, far more when both cores are busy.
// (testTimeout is a global Jest option; a project sets its own here.)
jest.setTimeout(60_000);

// Processes a suite starts (src/main.ts, worker processes) inherit this: no sample renders in the
// background of tests that are not about them.
process.env.SEED_TEMPLATES = '0';
