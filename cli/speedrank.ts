import { checkCommand } from './check/check-command';
import { CHECK_USAGE } from './check/options';

/** `speedrank <command>`: the command line of SpeedRank's CI checks. */
const [command, ...args] = process.argv.slice(2);
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  env: process.env,
};
if (command === 'check') {
  process.exitCode = await checkCommand(args, io);
} else if (command === '--help' || command === 'help') {
  io.stdout(`${CHECK_USAGE}\n`);
} else {
  io.stderr(`${command ? `Unknown command ${command}.\n\n` : ''}${CHECK_USAGE}\n`);
  process.exitCode = 2;
}
