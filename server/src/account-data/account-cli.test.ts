import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { EMAIL_MESSAGES } from '@core/messages';
import { afterEach, expect, it } from 'vitest';
import { seedAccount } from '../../test/account-seed';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { outboxMessagesTo } from '../../test/outbox';

const root = path.resolve(import.meta.dirname, '../../..');

describeOnDatabases('npm run account', ({ postgres }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** `npm run account -- args` as package.json runs it, on the test app's database. */
  function npmRun(...args: string[]) {
    const command = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts
      .account as string;
    const [node, ...rest] = command.split(' ');
    expect(node).toBe('node');
    return spawnSync(process.execPath, [...rest, ...args], {
      cwd: root,
      encoding: 'utf8',
      input: '',
      env: {
        ...process.env,
        DATA_DIR: t!.config.dataDir,
        LOG_LEVEL: 'silent',
        ...(t!.config.DATABASE_URL ? { DATABASE_URL: t!.config.DATABASE_URL } : {}),
      },
    });
  }

  it('exports an account to a zip and deletes it, asking for --yes without a terminal', async () => {
    t = await buildTestApp({ postgres });
    const seeded = await seedAccount(t.app, 'asked.the.operator@example.com');
    const out = path.join(t.config.dataDir, 'export.zip');

    const exported = npmRun('export', seeded.email, '--out', out);
    expect(exported.status, exported.stderr).toBe(0);
    const files = unzipSync(new Uint8Array(fs.readFileSync(out)));
    expect(JSON.parse(strFromU8(files['profile.json']!)).email).toBe(seeded.email);

    const unasked = npmRun('delete', seeded.email);
    expect(unasked.status).toBe(1);
    expect(unasked.stderr).toContain('pass --yes');
    expect(await t.app.services.users.byId(seeded.userId)).toBeDefined();

    const deleted = npmRun('delete', seeded.email, '--yes');
    expect(deleted.status, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`Deleted ${seeded.email}`);
    expect(await t.app.services.users.byId(seeded.userId)).toBeUndefined();
    expect(outboxMessagesTo(t.config, seeded.email).join()).toContain(
      EMAIL_MESSAGES.accountDeletedSubject,
    );

    const unknown = npmRun('delete', seeded.email, '--yes');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(`No account has the address ${seeded.email}`);
    // Four runs of the command, each a Node process compiling TypeScript as it starts.
  }, 120_000);
});
