// Each suite starts a PGlite: ~2 s on an idle machine, far more when both cores are busy.
// (testTimeout is a global Jest option; a project sets its own here.)
jest.setTimeout(60_000);
