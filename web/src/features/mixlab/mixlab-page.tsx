import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function MixlabPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="MixLab" heading="MixLab" />
      <p className="lead">
        Scrape the product listing and product pages of a shop into two CSV files.
      </p>
    </Container>
  );
}
