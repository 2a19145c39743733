import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { useSiteConfig } from '../../app/site-config';

/** The invite page: free access to the keyword tool is invite only. */
export function Gpt3InvitePage() {
  const support = useSiteConfig()?.company.supportEmail;
  return (
    <Container className="py-5 text-center">
      <h1 className="h3 mb-3">Free access to the keyword tool is now invite only</h1>
      <p>
        To ask for an invite, email{' '}
        {support ? <a href={`mailto:${support}?subject=GPT3`}>{support}</a> : 'us'} with
        &lsquo;GPT3&rsquo; in the subject, or see our paid plans.
      </p>
      <Link to={ROUTES.pricing} className="btn btn-primary">
        Go to pricing
      </Link>
    </Container>
  );
}
