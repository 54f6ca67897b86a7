/**
 * @app/shared's public API — every name its entry points export, with its type signature, as the
 * TypeScript compiler sees it — and the semantic-version rule over it: shared/package.json's
 * version is the API's. Compared with the record in shared/api.json by src/public-api.test.ts;
 * `npm run api:shared` writes the record (scripts/api-shared.ts), refusing when the version was
 * not bumped as the change needs. The remotes' builds require `^<that version>` of @app/shared
 * (webpack.config.base.ts), so the registry's gate refuses a remote built against a newer minor.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SHARED_ROOT = path.resolve(__dirname, '..');
export const RECORD_FILE = path.join(SHARED_ROOT, 'api.json');

/** The package's entry points (package.json "exports") that remotes import. */
export const ENTRY_POINTS: Record<string, string> = {
  '@app/shared': 'src/index.ts',
  '@app/shared/kit': 'src/ui/kit.ts',
  '@app/shared/kit/more': 'src/ui/kit-more.ts',
};

/** Entry point → exported name → its signature. */
export type Api = Record<string, Record<string, string>>;

export interface ApiRecord {
  version: string;
  exports: Api;
}

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType | ts.TypeFormatFlags.WriteArrayAsGenericType;

/** A type's shape, members spelled out (an interface's name alone would hide a changed member). */
function shape(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): string {
  const parts: string[] = [];
  for (const signature of type.getCallSignatures()) parts.push(checker.signatureToString(signature, at, FLAGS));
  for (const signature of type.getConstructSignatures()) parts.push(`new ${checker.signatureToString(signature, at, FLAGS)}`);
  for (const info of checker.getIndexInfosOfType(type)) parts.push(`[key: ${checker.typeToString(info.keyType, at, FLAGS)}]: ${checker.typeToString(info.type, at, FLAGS)}`);
  for (const property of checker.getPropertiesOfType(type)) {
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    const readonly = property.declarations?.some((d) => ts.getCombinedModifierFlags(d as ts.Declaration) & ts.ModifierFlags.Readonly) ? 'readonly ' : '';
    parts.push(`${readonly}${property.name}${optional}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(property, at), at, FLAGS)}`);
  }
  return `{ ${parts.join('; ')} }`;
}

/**
 * Unions of string literals with their members in sorted order. The compiler writes a union in
 * the order of its members' internal type ids, which follows the order in which the program
 * happened to create them: adding an unrelated file can swap two (`"step" | "minLength"` in a
 * `Pick`), a change only in appearance.
 */
export function sortLiteralUnions(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"(?: \| "(?:[^"\\]|\\.)*")+/g, (union) => union.split(' | ').sort().join(' | '));
}

/** One export's signature: its value's type and/or the type it declares. */
function signatureOf(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0] ?? at;
  const parts: string[] = [];
  if (symbol.flags & ts.SymbolFlags.Value) {
    parts.push(`value: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration), declaration, FLAGS)}`);
  }
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) {
    const declared = checker.getDeclaredTypeOfSymbol(symbol);
    // Type parameters as written, constraints and defaults included.
    const parameters = ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) ? ts.getEffectiveTypeParameterDeclarations(declaration) : [];
    const generics = parameters.length ? `<${parameters.map((p) => p.getText()).join(', ')}>` : '';
    const alias = symbol.flags & ts.SymbolFlags.TypeAlias && !(declared.flags & ts.TypeFlags.Object);
    parts.push(`type${generics}: ${alias ? checker.typeToString(declared, declaration, FLAGS | ts.TypeFormatFlags.InTypeAlias) : shape(checker, declared, declaration)}`);
  }
  return sortLiteralUnions(parts.join(' & '));
}

/** Computes the API of `entries` (entry name → file relative to `root`) with the package's tsconfig. */
export function computeApi(root = SHARED_ROOT, entries = ENTRY_POINTS): Api {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(SHARED_ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const files = Object.values(entries).map((file) => path.join(root, file));
  const program = ts.createProgram(files, { ...config?.options, noEmit: true });
  const checker = program.getTypeChecker();
  const api: Api = {};
  for (const [entry, file] of Object.entries(entries)) {
    const source = program.getSourceFile(path.join(root, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!source || !module) throw new Error(`${entry}: ${file} is not a module`);
    const names: Record<string, string> = {};
    for (const exported of checker.getExportsOfModule(module).sort((a, b) => a.name.localeCompare(b.name))) {
      names[exported.name] = signatureOf(checker, exported, source);
    }
    api[entry] = names;
  }
  return api;
}

export interface ApiChange {
  /** What the change needs: `major` (a name removed or changed), `minor` (a name added), or none. */
  bump: 'major' | 'minor' | 'none';
  added: string[];
  removed: string[];
  changed: string[];
}

export function compareApi(recorded: Api, current: Api): ApiChange {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  for (const entry of new Set([...Object.keys(recorded), ...Object.keys(current)])) {
    const before = recorded[entry] ?? {};
    const after = current[entry] ?? {};
    for (const name of Object.keys(after)) if (!(name in before)) added.push(`${entry}: ${name}`);
    for (const [name, signature] of Object.entries(before)) {
      if (!(name in after)) removed.push(`${entry}: ${name}`);
      else if (after[name] !== signature) changed.push(`${entry}: ${name}`);
    }
  }
  const bump = removed.length || changed.length ? 'major' : added.length ? 'minor' : 'none';
  return { bump, added, removed, changed };
}

function parse(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`not a version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The least version the change needs after `recorded`: 2.0.0 for a major change of 1.4.2, 1.5.0 for a minor one. */
export function neededVersion(recorded: string, bump: ApiChange['bump']): string {
  const [major, minor, patch] = parse(recorded);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}

function atLeast(version: string, needed: string): boolean {
  const a = parse(version);
  const b = parse(needed);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

/**
 * Problems with `version` for the API `current`, against the record: a version not bumped as the
 * change needs (each name listed), or a record that is not the current API at that version.
 * Empty when all is well.
 */
export function checkApi(record: ApiRecord, current: Api, version: string): string[] {
  const change = compareApi(record.exports, current);
  const list = (label: string, names: string[]) => (names.length ? [`  ${label}: ${names.join(', ')}`] : []);
  const needed = neededVersion(record.version, change.bump);
  if (!atLeast(version, needed)) {
    return [
      [
        `@app/shared's public API changed since ${record.version} (shared/api.json) and needs a ${change.bump} version: ${needed} or later, but shared/package.json says ${version}.`,
        ...list('added (minor)', change.added),
        ...list('removed (major)', change.removed),
        ...list('changed (major)', change.changed),
        `Bump "version" in shared/package.json to ${needed}, then run \`npm run api:shared\` to update shared/api.json.`,
      ].join('\n'),
    ];
  }
  if (change.bump !== 'none' || record.version !== version) {
    return [`shared/api.json records @app/shared ${record.version}, not the current API at ${version}: run \`npm run api:shared\` to update it.`];
  }
  return [];
}

export function readRecord(): ApiRecord {
  return JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as ApiRecord;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(SHARED_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
