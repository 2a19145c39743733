import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { standingText, type AuditComparison, type AuditStanding } from '@core/audit-comparison';
import { LighthouseText } from '../insights/lighthouse-text';

const STANDING_CLASS: Partial<Record<AuditStanding['outcome'], string>> = {
  failed: 'sr-fail',
  passed: 'sr-pass',
  absent: 'text-muted fst-italic',
};

/**
 * The audits that changed between two runs: each one's outcome in both, or why one run
 * does not have it ('not in Lighthouse 12.8.2'), never a pass it did not earn; and, when the
 * runs' Lighthouse versions differ, a word that part of any difference is the version's.
 */
export function AuditChanges({
  labels,
  audits,
}: {
  labels: readonly [string, string];
  audits: AuditComparison | null;
}) {
  if (!audits) {
    return (
      <p className="small text-muted" data-testid="audit-changes-unknown">
        Audits are compared for runs measured since they are kept with each run.
      </p>
    );
  }
  const [a, b] = audits.versions;
  return (
    <section data-testid="audit-changes">
      <h3 className="h6 mt-3">Audits that changed</h3>
      {audits.versionsDiffer && (
        <Alert variant="info" className="py-2" data-testid="audit-versions">
          {labels[0]} ran Lighthouse {a}, {labels[1]} Lighthouse {b}: an audit one of them does not
          have is marked so, and some differences come from the version, not the page.
        </Alert>
      )}
      {audits.changes.length === 0 ? (
        <p className="small text-muted" data-testid="no-audit-changes">
          Every audit ended the same in both.
        </p>
      ) : (
        <Table responsive size="sm" className="small align-middle">
          <thead>
            <tr>
              <th scope="col">Audit</th>
              <th scope="col">{labels[0]}</th>
              <th scope="col">{labels[1]}</th>
            </tr>
          </thead>
          <tbody>
            {audits.changes.map((change) => (
              <tr key={`${change.category}-${change.id}`} data-testid="audit-change">
                <td>
                  <span className="text-muted">{change.category}: </span>
                  <LighthouseText markdown={change.title} />
                </td>
                {[change.a, change.b].map((standing, i) => (
                  <td key={i} className={STANDING_CLASS[standing.outcome] ?? ''}>
                    {standingText(standing)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
