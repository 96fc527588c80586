/**
 * Child process for tests/deals/telegram-posts.test.ts: one application process (its own database connection,
 * real configuration) that sends the Telegram outbox's due posts to the fake Bot API once released by a line
 * on stdin, then prints `SENT <n>`. Two of them at once test exactly-once; one killed mid-send, the crash.
 *
 *   node --import tsx tests/deals/post-sender-child.ts <DATABASE_URL> <TELEGRAM_API_BASE_URL> <TOKEN> <CHAT> <CAP>
 */
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { systemClock } from '../../src/modules/clock';
import { createContentEvents } from '../../src/modules/content-events';
import { createDealsService } from '../../src/modules/deals';
import { createJobsService } from '../../src/modules/jobs/jobs.service';

const [url, apiBaseUrl, token, chat, cap] = process.argv.slice(2);
if (!url || !apiBaseUrl || !token || !chat || !cap) {
  process.stderr.write('usage: post-sender-child.ts <DATABASE_URL> <TELEGRAM_API_BASE_URL> <TOKEN> <CHAT> <CAP>\n');
  process.exit(2);
}

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_REQUESTS: 'false',
  TELEGRAM_BOT_TOKEN: token,
  TELEGRAM_CHAT_ID: chat,
  TELEGRAM_API_BASE_URL: apiBaseUrl,
  TELEGRAM_MAX_POSTS_PER_HOUR: cap,
});
const database = openDatabase(config.database);
const deals = createDealsService({ db: database.db, clock: systemClock, config, jobs: createJobsService({ db: database.db, clock: systemClock }), events: createContentEvents() });
process.stdout.write('READY\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const result = await deals.sendDue();
process.stdout.write(`SENT ${result.sent}\n`);
await database.destroy();
