import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { systemClock } from '../shared/clock';
import { Users } from '../auth/users';
import { ConfigError, loadConfig, type Config } from '../config';
import { connectDb, type Db } from '../db/connect';
import { DomainError } from '../domain/errors';
import { createEmailSender } from '../providers/email';
import { createPayPal, createPaymentsProvider } from '../providers/payments';
import { AccountDeletion } from './account-deletion';
import { exportAccount } from './account-export';

const USAGE = `Usage:
  npm run account -- export EMAIL --out FILE   a zip of everything held about the account
  npm run account -- delete EMAIL [--yes]      cancel its subscription, delete every row, email a confirmation`;

class CliRefusal extends Error {}

const log = {
  info: (obj: object, msg: string) => console.log(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

/** Asks the operator to type the address again: a deletion cannot be undone. */
async function confirmed(email: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new CliRefusal('Not a terminal: pass --yes to delete.');
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const typed = await prompt.question(
    `This deletes ${email} and all its data for good, cancelling its subscription. Type the address to go on: `,
  );
  prompt.close();
  return typed.trim().toLowerCase() === email;
}

async function run(config: Config, db: Db, argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, yes: { type: 'boolean', default: false } },
  });
  const email = positionals[0]?.toLowerCase();
  if (!email || positionals.length !== 1 || !['export', 'delete'].includes(command ?? '')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const user = await new Users(db, systemClock).byEmail(email);
  if (!user) throw new CliRefusal(`No account has the address ${email}.`);
  if (command === 'export') {
    if (!values.out) throw new CliRefusal(USAGE);
    const zip = await exportAccount(db, { id: user.id, email: user.email }, systemClock.now());
    fs.writeFileSync(values.out, zip);
    console.log(`Exported ${email} to ${values.out} (${zip.byteLength} bytes).`);
    return;
  }
  if (!values.yes && !(await confirmed(email))) throw new CliRefusal('Nothing was deleted.');
  const deletion = new AccountDeletion({
    db,
    clock: systemClock,
    payments: createPaymentsProvider(config, db, systemClock),
    paypal: createPayPal(config),
    email: createEmailSender(config, log),
    log,
  });
  await deletion.delete(user);
  console.log(`Deleted ${email} and every row it held; a confirmation was emailed.`);
}

// As the server does: a local .env file fills variables not already set.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
try {
  const config = loadConfig();
  const db = connectDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  try {
    await run(config, db, process.argv.slice(2));
  } finally {
    await db.close();
  }
} catch (error) {
  const known = [CliRefusal, ConfigError, DomainError].some((kind) => error instanceof kind);
  if (!known) throw error;
  console.error((error as Error).message);
  process.exitCode = 1;
}
