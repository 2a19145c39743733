import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { AuditEntry } from '@core/schemas/workspace-audit';
import { AUDIT_MONTHS } from '@core/workspaces/audit';
import { useAudit } from '../../api/workspaces';

/** Who acted: their name or address, or that their account is gone; and through which token. */
function actorOf(entry: AuditEntry): string {
  const who = entry.actor ? entry.actor.name || entry.actor.email : 'A former member';
  return entry.token ? `${who} (token “${entry.token}”)` : who;
}

/** A workspace's audit log for its admins: newest first, older pages on request. */
export function WorkspaceAudit({ workspaceId }: { workspaceId: string }) {
  const audit = useAudit(workspaceId);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section data-testid="workspace-audit" aria-label="Audit log">
      <h3 className="h6 mt-3">Audit log</h3>
      <p className="small text-muted mb-2">
        What was done in this workspace and by whom, kept {AUDIT_MONTHS} months.
      </p>
      {audit.isPending && (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner size="sm" /> Loading the log…
        </div>
      )}
      {audit.isError && <Alert variant="danger">{audit.error.message}</Alert>}
      {audit.isSuccess && entries.length === 0 && <p className="mb-2">Nothing recorded yet.</p>}
      {entries.length > 0 && (
        <ListGroup className="mb-2 small">
          {entries.map((entry) => (
            <ListGroup.Item key={entry.id} data-testid="audit-entry">
              <time dateTime={entry.at} className="d-block text-muted">
                {new Date(entry.at).toLocaleString()}
              </time>
              <span className="text-break">
                {actorOf(entry)} {entry.action} {entry.subject}
                {entry.detail && <> “{entry.detail}”</>}
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {audit.hasNextPage && (
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'Older entries'}
        </Button>
      )}
    </section>
  );
}
