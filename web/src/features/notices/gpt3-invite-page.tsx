import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { entitlementsOf } from '@core/entitlements';
import { FREE_PLAN_ID } from '@core/plans';
import { ROUTES } from '@core/routes';
import { useSiteConfig } from '../../app/site-config';

/**
 * The invite page. The specification's "free access is now invite only" is untrue here:
 * a free account uses the keyword tool within its monthly allowance. The page says so,
 * and keeps the way to ask for more (docs/spec-differences.md).
 */
export function Gpt3InvitePage() {
  const support = useSiteConfig()?.company.supportEmail;
  const free = entitlementsOf(FREE_PLAN_ID).monthlyLimit('keywords');
  return (
    <Container className="py-5 text-center">
      <h1 className="h3 mb-3">The keyword tool is free to use within its allowance</h1>
      <p data-testid="free-keyword-allowance">
        A free account gets {free.toLocaleString('en-US')} keywords a month; paid plans get more.
        For a larger free allowance, email{' '}
        {support ? <a href={`mailto:${support}?subject=GPT3`}>{support}</a> : 'us'} with
        &lsquo;GPT3&rsquo; in the subject, or see our paid plans.
      </p>
      <Link to={ROUTES.pricing} className="btn btn-primary">
        Go to pricing
      </Link>
    </Container>
  );
}
