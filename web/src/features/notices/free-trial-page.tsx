import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';

/** Shown when a free user's monthly quota is used up. */
export function FreeTrialPage() {
  return (
    <Container className="py-5 text-center">
      <h1 className="h3 mb-3">{MESSAGES.freeTrialLimit}</h1>
      <p className="text-muted">{MESSAGES.freeTrialReset}</p>
      <Link to={ROUTES.pricing} className="btn btn-primary">
        See pricing
      </Link>
    </Container>
  );
}
