import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { RUM_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import { useWorkspacePlanId } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';
import { RumDashboard } from './rum-dashboard';
import { SITE_PARAM } from './rum-filters';
import { RumSites } from './rum-sites';

const WHAT_IT_DOES =
  'See the Core Web Vitals your own visitors get: one line in your pages sends each visit’s LCP, INP, CLS, FCP and TTFB, and this page shows them per day, page, device and connection.';

/** Real-user monitoring: the user's sites and their snippets, or one site's field data. */
export function RealUserMonitoringPage() {
  const { signedIn } = useSession();
  const planId = useWorkspacePlanId();
  const [params] = useSearchParams();
  const siteId = params.get(SITE_PARAM);
  return (
    <Container className="py-4">
      <PageHeader crumb="Real-user monitoring" heading="Real-user monitoring" />
      {!signedIn ? (
        <SignInCard intro={WHAT_IT_DOES} reason={RUM_MESSAGES.signedOut} testId="rum-signed-out" />
      ) : siteId ? (
        <RumDashboard id={siteId} />
      ) : (
        <RumSites plan={planById(planId)} intro={WHAT_IT_DOES} />
      )}
    </Container>
  );
}
