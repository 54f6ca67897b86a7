// @app/shared as it was (src/public-api.test.ts): one export.
export function formatTime(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}
