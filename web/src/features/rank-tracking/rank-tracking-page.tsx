import { lazy, Suspense, useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import { prefillFromParams, RANK_PARAMS } from '@core/rank-tracking/links';
import { useWorkspacePlanId } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';
import { withoutPrefill } from './rank-filters';
import { RankKeywords } from './rank-keywords';

// One keyword's history is its own chunk: the list loads without it.
const RankKeywordDetail = lazy(() => import('./rank-keyword-detail'));

const WHAT_IT_DOES =
  'Follow where your domain ranks for your keywords, day by day: on mobile or desktop, by country, language and city, beside your competitors, with an alert when a position moves.';

/** Rank tracking: the user's keywords and their positions, or one keyword's history. */
export function RankTrackingPage() {
  const { signedIn } = useSession();
  const planId = useWorkspacePlanId();
  const [params, setParams] = useSearchParams();
  // A "Track" link of another tool fills the add form once; the address then drops it.
  const [prefill] = useState(() => prefillFromParams(params));
  const carriesPrefill = prefill !== null && params.has(RANK_PARAMS.keyword);
  useEffect(() => {
    if (carriesPrefill) setParams(withoutPrefill(params), { replace: true });
  }, [carriesPrefill, params, setParams]);
  const id = params.get(RANK_PARAMS.id);
  return (
    <Container className="py-4">
      <PageHeader crumb="Rank Tracking" heading="Rank Tracking" />
      {!signedIn ? (
        <SignInCard
          intro={WHAT_IT_DOES}
          reason={RANK_TRACKING_MESSAGES.signedOut}
          testId="rank-signed-out"
        />
      ) : id ? (
        <Suspense fallback={<Spinner size="sm" aria-label="Loading the keyword" />}>
          <RankKeywordDetail id={id} />
        </Suspense>
      ) : (
        <RankKeywords plan={planById(planId)} intro={WHAT_IT_DOES} prefill={prefill} />
      )}
    </Container>
  );
}
