import Offcanvas from 'react-bootstrap/Offcanvas';
import type { KeywordAnswer } from '@core/schemas/keywords';

/** The debug side panel: what each request asked, who answered and how fast. */
export function DebugPanel({
  answers,
  show,
  onHide,
}: {
  answers: readonly KeywordAnswer[];
  show: boolean;
  onHide(): void;
}) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby="keyword-debug-title"
      data-testid="keyword-debug"
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title id="keyword-debug-title">Debug</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="small">
        {answers.map((a) => (
          <section key={a.list} className="mb-3">
            <h2 className="h6 text-capitalize">{a.list}</h2>
            <dl className="row mb-1">
              <dt className="col-4">Source</dt>
              <dd className="col-8">{a.model ? `${a.source} (${a.model})` : a.source}</dd>
              <dt className="col-4">Language</dt>
              <dd className="col-8">
                {a.language} ({a.languageFrom === 'detected' ? 'detected' : 'from settings'})
              </dd>
              <dt className="col-4">Size asked</dt>
              <dd className="col-8">{a.size}</dd>
              <dt className="col-4">Time</dt>
              <dd className="col-8">{a.debug.ms} ms</dd>
              <dt className="col-4">Content check</dt>
              <dd className="col-8">
                {a.moderation}, rank {a.response_filter.termFilter}
              </dd>
            </dl>
            {a.debug.prompt && <pre className="bg-light p-2 text-wrap">{a.debug.prompt}</pre>}
            <pre className="bg-light p-2 text-wrap">{a.res || '(empty)'}</pre>
          </section>
        ))}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
