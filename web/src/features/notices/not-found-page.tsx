import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container className="py-5 text-center" data-testid="not-found">
      <h1 className="h2">Page not found</h1>
      <p className="text-muted">There is no page at this address.</p>
      <Link to="/" className="btn btn-primary">
        Go to the tools
      </Link>
    </Container>
  );
}
