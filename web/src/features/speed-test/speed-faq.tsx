import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSiteConfig } from '../../app/site-config';

/** Three FAQ columns on score variability, and a consulting link. */
export function SpeedFaq() {
  const contact = useSiteConfig()?.company.contactUrl;
  return (
    <section className="mt-5" aria-label="About speed scores">
      <Row xs={1} md={3} className="g-4">
        <Col>
          <h2 className="h6">Why does my score change between tests?</h2>
          <p className="small text-muted">
            Each run loads the page again: network timing, server response and the test
            machine&apos;s load all vary. A single run of a page whose true score is 50 can read
            anywhere from 35 to 65.
          </p>
        </Col>
        <Col>
          <h2 className="h6">How many samples should I run?</h2>
          <p className="small text-muted">
            Averaging narrows the spread: three runs read about 39–61 for that same page, and five
            runs about ±8. We also show the median and the spread, so one slow run does not decide
            your score.
          </p>
        </Col>
        <Col>
          <h2 className="h6">Lab data or field data?</h2>
          <p className="small text-muted">
            Lab data is measured now, in a controlled browser. Field data is what real Chrome users
            experienced over the last 28 days, and it is what Core Web Vitals judge.
          </p>
        </Col>
      </Row>
      {contact && (
        <p className="small mt-2">
          Need a faster site? <a href={contact}>Ask us about site-speed consulting</a>.
        </p>
      )}
    </section>
  );
}
