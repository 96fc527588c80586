/**
 * The dashboard's "Offerte" card (decision 046): the deals visitors see now, and the Telegram channel's posts
 * sent, waiting and given up, with the last failure as the channel reported it (never the bot's token).
 */
import { formatCount, formatDateTime } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { DealStatsResponse } from '../../../modules/deals/deals.schema';
import { FigureGrid, TitledCard } from '../ui';

export function DealsCard({ stats }: { stats: DealStatsResponse }) {
  const { telegram } = stats;
  const figures = [
    { key: 'deals', label: 'Offerte attive', value: formatCount(stats.deals) },
    ...(telegram.enabled
      ? [
          { key: 'sent', label: 'Post pubblicati', value: formatCount(telegram.sent) },
          { key: 'waiting', label: 'Post in attesa', value: formatCount(telegram.waiting) },
          { key: 'failed', label: 'Post non pubblicati', value: formatCount(telegram.failed) },
        ]
      : []),
  ];
  return (
    <TitledCard
      title="Offerte"
      aside={
        <a href={paths.deals()} className="text-sm font-semibold text-violet-800 hover:underline dark:text-violet-300">
          Vedi la pagina
        </a>
      }
      headerClassName="flex flex-wrap items-baseline justify-between gap-2"
      className="space-y-4"
      testId="deals-card"
    >
      <FigureGrid figures={figures} gridClassName="grid-cols-2 sm:grid-cols-4" testIdPrefix="deals-" />
      {!telegram.enabled && <p className="text-sm text-slate-700 dark:text-slate-300">Canale Telegram non attivo: imposta TELEGRAM_BOT_TOKEN e TELEGRAM_CHAT_ID.</p>}
      {telegram.last_failure && (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="deals-last-failure">
          {`Ultimo errore di Telegram (${formatDateTime(telegram.last_failure.at)}): ${telegram.last_failure.error}`}
        </p>
      )}
    </TitledCard>
  );
}
