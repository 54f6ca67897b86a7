// npm run api:shared: writes shared/api.json, @app/shared's public API at shared/package.json's
// version — refused, changing nothing, when that version is not bumped as the change needs
// (a minor bump for an added export, a major one for a changed or removed export).
import { existsSync, writeFileSync } from 'node:fs';
import { RECORD_FILE, checkApi, computeApi, packageVersion, readRecord, type ApiRecord } from './public-api';

const version = packageVersion();
const current = computeApi();
if (existsSync(RECORD_FILE)) {
  const refusal = checkApi(readRecord(), current, version).filter((problem) => !problem.includes('run `npm run api:shared` to update it'));
  if (refusal.length) {
    console.error(refusal.join('\n'));
    process.exit(1);
  }
}
const record: ApiRecord = { version, exports: current };
writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
console.log(`shared/api.json: @app/shared ${version}, ${Object.values(current).reduce((n, names) => n + Object.keys(names).length, 0)} exports`);
