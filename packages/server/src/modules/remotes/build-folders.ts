/**
 * A remote build's folder under its dist (`<version>-<hash>`, docs/architecture.md "Front end"), as
 * named by a file or an address: one plain name — letters, digits, `_`, `.`, `-`, not starting with a
 * dot — so joined to dist it can never reach outside it.
 */
export function isSafeBuildFolder(name: string): boolean {
  return /^[\w-][\w.-]*$/.test(name);
}
