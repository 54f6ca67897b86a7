// Real renders take seconds, more on a busy machine. A project's own `testTimeout` is not read
// by jest-circus (only the root config's is), so the engine project sets it here.
jest.setTimeout(120_000);
