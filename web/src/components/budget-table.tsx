import Table from 'react-bootstrap/Table';
import { budgetLimitText, budgetText, type BudgetRow } from '@core/budgets/judge';

/** ✓ kept, ✗ broken, '-' unknown: an unknown value neither keeps nor breaks a limit. */
function Held({ pass }: { pass: boolean | null }) {
  if (pass === null) {
    return (
      <span className="text-muted">
        -<span className="visually-hidden"> not judged</span>
      </span>
    );
  }
  return (
    <span className={`fw-semibold ${pass ? 'text-success' : 'text-danger'}`}>
      <span aria-hidden="true">{pass ? '✓' : '✗'}</span>
      <span className="visually-hidden">{pass ? 'kept' : 'broken'}</span>
    </span>
  );
}

/**
 * Each limit of a budget as judged (core/budgets/judge.ts): what it limits, the limit, the
 * value it was judged on ('-' with the reason when there is none, never 0) and whether it
 * held. Four narrow columns, which a phone's width holds.
 */
export function BudgetTable({ rows }: { rows: readonly BudgetRow[] }) {
  return (
    <Table
      size="sm"
      className="align-middle small mb-2"
      style={{ maxWidth: '48rem' }}
      data-testid="budget-table"
    >
      <thead>
        <tr>
          <th scope="col">Limit</th>
          <th scope="col" className="text-end">
            Budget
          </th>
          <th scope="col" className="text-end">
            Value
          </th>
          <th scope="col" className="text-center">
            Held
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.limit} data-testid="budget-row">
            <th scope="row" className="fw-normal">
              {row.label}
            </th>
            <td className="text-end text-nowrap">{budgetLimitText(row)}</td>
            <td className="text-end">
              <span className="text-nowrap">
                {row.value === null ? '-' : budgetText(row.unit, row.value)}
              </span>
              {row.note && <div className="text-muted">{row.note}</div>}
            </td>
            <td className="text-center">
              <Held pass={row.pass} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
