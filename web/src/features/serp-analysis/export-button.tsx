import Button from 'react-bootstrap/Button';
import { MESSAGES } from '@core/messages';
import { EXPORT_FILE_NAME, exportRow, serpCsv } from '@core/serp-export';
import { downloadTextFile } from '../../app/download-file';
import type { SerpAnalysis } from './use-serp-analysis';

interface Props {
  state: SerpAnalysis;
  paid: boolean;
  /** Shows why the export did not happen (spec 001 §8). */
  onRefused(message: string): void;
}

/** Spec 001 §6: paid users export once every card has finished; others see why not. */
export function ExportButton({ state, paid, onRefused }: Props) {
  const finished = state.results.every((r) => state.speed[r.link]?.status !== 'loading');

  const exportCsv = () => {
    if (!finished) return onRefused(paid ? MESSAGES.exportNotReady : MESSAGES.exportNotReadyFree);
    if (!paid) return onRefused(MESSAGES.exportUpgrade);
    const rows = state.results.map((result) => {
      const facts = state.facts[result.link];
      const run = state.speed[result.link]?.result ?? null;
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
    <Button variant="outline-secondary" size="sm" onClick={exportCsv} data-testid="export-csv">
      {!paid && (
        <span aria-label="paid feature" className="me-1">
          🔒
        </span>
      )}
      Export CSV
    </Button>
  );
}
