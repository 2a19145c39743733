import Container from 'react-bootstrap/Container';
import { PageHeader } from '../../components/page-header';

export function KeywordToolPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="Keyword Tool" heading="Keyword Suggestion Tool" />
      <p className="lead">
        Enter a seed term to get Category, Similar, Variation and Related keywords with their
        monthly search volume.
      </p>
    </Container>
  );
}
