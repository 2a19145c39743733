import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { entitlementsOf } from '@core/entitlements';
import { FREE_PLAN_ID } from '@core/plans';
import { ROUTES } from '@core/routes';
import { useSiteConfig } from '../../app/site-config';

/**
 * The invite page. The specification's "free access is now invite only" is untrue here:
 * a free account uses the keyword tool within its monthly allowance. The page says so,
 * and how to ask for more where the operator gave an address (docs/spec-differences.md).
 */
export function Gpt3InvitePage() {
  const company = useSiteConfig()?.company;
  const free = entitlementsOf(FREE_PLAN_ID).monthlyLimit('keywords');
  return (
    <Container className="py-5 text-center">
      <h1 className="h3 mb-3">The keyword tool is free to use within its allowance</h1>
      <p data-testid="free-keyword-allowance">
        A free account gets {free.toLocaleString('en-US')} keywords a month; paid plans get more.{' '}
        {company?.supportEmail ? (
          <>
            For a larger free allowance, email{' '}
            <a href={`mailto:${company.supportEmail}?subject=GPT3`}>{company.supportEmail}</a> with
            &lsquo;GPT3&rsquo; in the subject, or see our paid plans.
          </>
        ) : company?.contactUrl ? (
          <>
            For a larger free allowance, <a href={company.contactUrl}>contact us</a> mentioning
            &lsquo;GPT3&rsquo;, or see our paid plans.
          </>
        ) : (
          // No address is configured: the page names none rather than an 'us' nobody reaches.
          <>For a larger allowance, see the paid plans.</>
        )}
      </p>
      <Link to={ROUTES.pricing} className="btn btn-primary">
        Go to pricing
      </Link>
    </Container>
  );
}
