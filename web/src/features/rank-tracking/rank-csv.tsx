import { useId, useState, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { RankCsvDefaults } from '@core/rank-tracking/csv';
import type { RankKeyword } from '@core/schemas/rank-tracking';
import { isKeywordLimit, useRankKeywordMutations } from '../../api/rank-tracking';
import { downloadTextFile } from '../../app/download-file';
import { PlanLimitNotice } from '../../components/plan-limit-notice';

// The CSV code (papaparse) loads on first use, not with the page.
const csvModule = () => import('@core/rank-tracking/csv');

/**
 * A CSV file of keywords (a header row naming keyword, domain, device, country, language,
 * location, depth, competitors, tags), checked row by row before anything is sent, then
 * added all at once; blank cells take the form's settings.
 */
export function RankCsvImport({ defaults, onDone }: { defaults: RankCsvDefaults; onDone(): void }) {
  const id = useId();
  const { bulk } = useRankKeywordMutations();
  const [problems, setProblems] = useState<string[]>([]);
  const [reading, setReading] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file chosen again (once fixed) must fire a change again.
    input.value = '';
    if (!file) return;
    setReading(true);
    try {
      const { rankKeywordsFromCsv } = await csvModule();
      const read = rankKeywordsFromCsv(await file.text(), defaults);
      if (!read.ok) return setProblems(read.errors);
      setProblems([]);
      bulk.mutate(read.keywords, { onSuccess: onDone });
    } finally {
      setReading(false);
    }
  };

  const busy = reading || bulk.isPending;
  return (
    <>
      <label htmlFor={id} className={`btn btn-outline-secondary mb-0 ${busy ? 'disabled' : ''}`}>
        {busy && <Spinner size="sm" className="me-2" aria-hidden />}
        Import a CSV file
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        disabled={busy}
        onChange={(e) => void choose(e)}
        data-testid="rank-csv-input"
      />
      {problems.length > 0 && (
        <Alert variant="danger" className="w-100 mb-0" data-testid="rank-csv-problems">
          <ul className="mb-0">
            {problems.slice(0, 20).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {problems.length > 20 && <div>and {problems.length - 20} more.</div>}
        </Alert>
      )}
      {bulk.isError &&
        (isKeywordLimit(bulk.error) ? (
          <div className="w-100">
            <PlanLimitNotice message={bulk.error.message} testId="rank-limit-refusal" />
          </div>
        ) : (
          <Alert variant="danger" className="w-100 mb-0">
            {bulk.error.message}
          </Alert>
        ))}
    </>
  );
}

/** The keywords shown, with their latest positions, moves and best, as a CSV file. */
export function RankCsvExport({ keywords }: { keywords: readonly RankKeyword[] }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { rankKeywordsCsv } = await csvModule();
      downloadTextFile('rank-tracking.csv', rankKeywordsCsv(keywords));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      disabled={busy || keywords.length === 0}
      onClick={() => void exportCsv()}
      data-testid="rank-csv-export"
    >
      Export CSV
    </Button>
  );
}
