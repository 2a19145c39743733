import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="container py-5 text-center" data-testid="not-found">
      <h1 className="h2">Page not found</h1>
      <p className="text-muted">There is no page at this address.</p>
      <Link to="/" className="btn btn-primary">
        Go to the tools
      </Link>
    </div>
  );
}
