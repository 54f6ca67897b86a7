import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The version in @app/server's package.json. Read at run time rather than imported:
 * package.json sits outside `rootDir`, and this file is two levels below it in `src/lib` and `dist/lib` alike.
 */
export const serverVersion: string = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;
