import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function SerpCheckerPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="SERP Checker" heading="SERP Checker" />
      <p className="lead">
        Find the position of your site within the top 100 results for a search term.
      </p>
    </Container>
  );
}
