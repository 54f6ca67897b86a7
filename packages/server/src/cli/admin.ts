// npm run admin -- <command>: the operators' command line. It calls the running server's admin
// API over HTTP and never opens the database, so it cannot collide with the server's embedded
// PGlite, and works the same on PostgreSQL.
import { parseAdminArgs, USAGE, UsageError } from './admin-args.js';
import { adminClient, CliError } from './admin-client.js';
import { runCommand } from './admin-commands.js';

async function main(argv: string[]): Promise<number> {
  try {
    const command = parseAdminArgs(argv);
    if (command.name === 'help') {
      console.log(USAGE);
      return 0;
    }
    const deploy = command.name === 'remotes set' || command.name === 'remotes promote' || command.name === 'remotes rollback';
    const output = await runCommand(command, await adminClient(process.env, process.cwd(), { deploy }));
    if (output.stderr) console.error(output.stderr);
    console.log(output.stdout);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
