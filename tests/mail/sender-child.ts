/**
 * Child process for tests/mail/sender-crash.test.ts: one application process that sends the outbox's due
 * mails (modules/mail, real configuration, its own database connection, nodemailer over real SMTP) until
 * none is left, printing `SENT <n>` after each round. The test kills it with SIGKILL mid-batch.
 *
 *   node --import tsx tests/mail/sender-child.ts <DATABASE_URL> <SMTP_URL>
 */
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { systemClock } from '../../src/modules/clock';
import { createMailService } from '../../src/modules/mail';

const [url, smtpUrl] = process.argv.slice(2);
if (!url || !smtpUrl) {
  process.stderr.write('usage: sender-child.ts <DATABASE_URL> <SMTP_URL>\n');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, SMTP_URL: smtpUrl, MAIL_FROM: 'Build PC <avvisi@buildpc.test>', LOG_REQUESTS: 'false' });
const database = openDatabase(config.database);
// Small batches: the kill lands with some mails leased to this process and others not yet claimed.
const mail = createMailService({ db: database.db, clock: systemClock, config, batchSize: 10 });
process.stdout.write('READY\n');
const result = await mail.sendDue();
process.stdout.write(`SENT ${result.sent}\n`);
mail.close();
await database.destroy();
