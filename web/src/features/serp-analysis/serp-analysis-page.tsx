import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function SerpAnalysisPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="SERP Analysis" heading="SERP Analysis Tool" />
      <p className="lead">
        Compare the page speed, word count, metadata and schema types of the top Google results for
        a search term.
      </p>
    </Container>
  );
}
