import { Lock } from 'lucide-react';
import Button from 'react-bootstrap/Button';
import { MESSAGES } from '@core/messages';
import { downloadTextFile } from '../../app/download-file';
import type { SerpCard } from './use-serp-analysis';

interface Props {
  cards: readonly SerpCard[];
  /** Pages still waiting for their speed sample. */
  pending: number;
  paid: boolean;
  /**
   * Says why the export did not happen; `untilLoaded` marks a notice that
   * holds only while cards are loading.
   */
  onRefused(message: string, untilLoaded: boolean): void;
}

/**
 * Paid users export once every card has finished; until then, and for
 * everyone else, the button stays clickable and says why not.
 */
export function ExportButton({ cards, pending, paid, onRefused }: Props) {
  const exportCsv = async () => {
    if (pending > 0)
      return onRefused(paid ? MESSAGES.exportNotReady : MESSAGES.exportNotReadyFree, true);
    if (!paid) return onRefused(MESSAGES.exportUpgrade, false);
    // The CSV writer (and papaparse) load on the first click, not with the page.
    const { EXPORT_FILE_NAME, exportRow, serpCsv } = await import('@core/serp-export');
    const rows = cards.map(({ result, facts, speed }) => {
      const run = speed.status === 'done' ? speed.result : null;
      return exportRow({
        rank: result.position,
        url: result.link,
        wordCount: facts?.total ?? null,
        meta: facts?.meta ?? null,
        httpStatus: facts?.status ?? null,
        schemaTypes: facts?.schemaObject ?? [],
        lab: run?.lab ?? null,
        field: run?.field.page ?? null,
      });
    });
    downloadTextFile(EXPORT_FILE_NAME, serpCsv(rows));
  };

  return (
    <Button
      variant="outline-secondary"
      size="sm"
      onClick={() => {
        exportCsv().catch((error: unknown) => console.error('the CSV export failed', error));
      }}
      data-testid="export-csv"
    >
      {!paid && <Lock size="1em" className="sr-icon me-1" role="img" aria-label="paid feature" />}
      Export CSV
    </Button>
  );
}
