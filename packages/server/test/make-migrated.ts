// `node --import tsx make-migrated.ts <dump file> <postgres: 1|0>`: the global setup's migrated
// databases (helpers/migrated), in a process of its own.
import { makeMigratedTemplates } from './helpers/migrated.js';

const [dumpFile, postgres] = process.argv.slice(2);
makeMigratedTemplates(dumpFile!, postgres === '1').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
