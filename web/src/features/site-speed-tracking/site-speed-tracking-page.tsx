import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TRACKING_MESSAGES } from '@core/messages';
import { planById, type Plan } from '@core/plans';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import { WEBHOOK_ENDPOINTS as WEBHOOKS } from '@core/endpoints/webhooks';
import { ROUTES } from '@core/routes';
import type { TrackedPageList as TrackedPageListData } from '@core/schemas/tracking';
import { TRACK_PARAM } from '../../app/recent-pages';
import { useWorkspaceAllows, useWorkspacePlanId } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { PlanLimitNotice } from '../../components/plan-limit-notice';
import { SignInCard } from '../../components/sign-in-card';
import { TrackingEmptyState } from './tracking-empty-state';
import { TrackedPageDetail } from './tracked-page-detail';
import { TrackedPageForm } from './tracked-page-form';
import { detailHref, TrackedPageList } from './tracked-page-list';
import { useTrackedPages } from './tracking-api';
import { WebhookSettings } from './webhook-settings';

const WHAT_IT_DOES =
  'Check your pages on a schedule, on mobile and desktop, see their speed over time, and get an email when a page gets slower or breaks a budget.';

function Overview({ plan, trackUrl }: { plan: Plan; trackUrl: string | null }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const list = useTrackedPages();
  const [formUrl, setFormUrl] = useState<string | null>(trackUrl);
  const openForm = (url: string) => setFormUrl(url);
  const closeForm = () => {
    setFormUrl(null);
    if (trackUrl !== null) setParams({}, { replace: true });
  };

  // 'Track this page' opens the form at once: it needs nothing of the list. It comes first
  // so that it stays mounted (and keeps what was typed) when the list arrives.
  return (
    <>
      {formUrl !== null && (
        <TrackedPageForm
          plan={plan}
          initialUrl={formUrl}
          onClose={closeForm}
          onCreated={(id) => navigate(detailHref(id), { replace: trackUrl !== null })}
        />
      )}
      {list.isPending ? (
        <Spinner size="sm" aria-label="Loading your tracked pages" />
      ) : list.isError ? (
        <Alert variant="danger">{list.error.message}</Alert>
      ) : (
        <TrackedPages plan={plan} list={list.data} onTrack={openForm} />
      )}
    </>
  );
}

function TrackedPages({
  plan,
  list: { pages, limit },
  onTrack,
}: {
  plan: Plan;
  list: TrackedPageListData;
  onTrack(url: string): void;
}) {
  const full = pages.length >= limit;
  const allows = useWorkspaceAllows();
  const adds = allows(TRACKING.createPage);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="text-muted" data-testid="tracked-count">
          {pages.length} of {limit} {limit === 1 ? 'page' : 'pages'} tracked on the {plan.title}{' '}
          plan
        </span>
        {adds && (
          <Button className="ms-auto" disabled={full} onClick={() => onTrack('')}>
            Track a page
          </Button>
        )}
      </div>
      {!adds && <ReadOnlyNotice sees="its pages and their history" />}
      {full && adds && (
        <PlanLimitNotice
          message={TRACKING_MESSAGES.upgradeForPages(limit)}
          testId="tracked-page-limit"
        />
      )}
      {pages.length === 0 ? (
        <TrackingEmptyState intro={WHAT_IT_DOES} onTrack={onTrack} />
      ) : (
        <>
          <TrackedPageList pages={pages} />
          {allows(WEBHOOKS.list) && <WebhookSettings />}
        </>
      )}
    </>
  );
}

function Detail({ id, plan }: { id: string; plan: Plan }) {
  const list = useTrackedPages();
  if (list.isPending) return <Spinner size="sm" aria-label="Loading the tracked page" />;
  if (list.isError) return <Alert variant="danger">{list.error.message}</Alert>;
  const page = list.data.pages.find((p) => p.id === id);
  if (!page) {
    return (
      <Alert variant="warning">
        {TRACKING_MESSAGES.notFound} <Link to={ROUTES.siteSpeedTracking}>All tracked pages</Link>
      </Alert>
    );
  }
  return <TrackedPageDetail key={page.id} page={page} plan={plan} />;
}

/** Site speed tracking: the tracked pages, one page's history, and the form. */
export function SiteSpeedTrackingPage() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const pageId = params.get('page');
  const plan = planById(useWorkspacePlanId());
  return (
    <Container className="py-4">
      <PageHeader crumb="Site Speed Tracking" heading="Site Speed Tracking" />
      {!signedIn ? (
        <SignInCard
          intro={WHAT_IT_DOES}
          reason="Site speed tracking keeps its history in your account. Sign in to track a page."
          testId="tracking-signed-out"
        />
      ) : pageId ? (
        <Detail id={pageId} plan={plan} />
      ) : (
        <Overview plan={plan} trackUrl={params.get(TRACK_PARAM)} />
      )}
    </Container>
  );
}
