import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function SiteSpeedTrackingPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="Site Speed Tracking" heading="Site Speed Tracking" />
      <p className="lead">Track the speed of your pages over time on mobile and desktop.</p>
    </Container>
  );
}
