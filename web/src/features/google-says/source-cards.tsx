import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { GOOGLE_SAYS_SOURCES } from '@core/google-says';
import { avatarUrl } from './avatars';

interface Props {
  selected: ReadonlySet<string>;
  onToggle(handle: string): void;
}

/** The six source accounts as toggle cards; any number may be chosen. */
export function SourceCards({ selected, onToggle }: Props) {
  return (
    <Row xs={2} sm={3} lg={6} className="g-3" role="group" aria-label="Sources">
      {GOOGLE_SAYS_SOURCES.map((source) => {
        const on = selected.has(source.handle);
        return (
          <Col key={source.handle}>
            <Button
              variant="outline-primary"
              active={on}
              aria-pressed={on}
              onClick={() => onToggle(source.handle)}
              className="w-100 h-100 d-flex flex-column align-items-center gap-1 p-3"
              data-testid="google-says-source"
            >
              <img src={avatarUrl(source.image)} alt="" width={56} height={56} />
              <span className="fw-semibold">{source.name}</span>
              <span className="small">@{source.handle}</span>
              <span className="small fst-italic">{source.role}</span>
            </Button>
          </Col>
        );
      })}
    </Row>
  );
}
