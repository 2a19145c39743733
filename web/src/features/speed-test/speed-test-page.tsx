import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function SpeedTestPage() {
  return (
    <Container className="py-4">
      <PageHeader
        crumb="Website Speed Test"
        heading="Run a website speed test with more accuracy"
      />
      <p className="lead">
        Several page-speed samples are run and averaged, because a single run varies.
      </p>
    </Container>
  );
}
