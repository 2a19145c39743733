import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { RUM_MESSAGES } from '@core/messages';
import type { Plan } from '@core/plans';
import { ROUTES } from '@core/routes';
import type { RumSite } from '@core/schemas/rum';
import { RUM_ENDPOINTS } from '@core/endpoints/rum';
import { useWorkspaceAllows } from '../../api/workspaces';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { PlanLimitNotice } from '../../components/plan-limit-notice';
import { useRumSiteMutations, useRumSites } from './rum-api';
import { SITE_PARAM } from './rum-filters';
import { RumSiteForm } from './rum-site-form';
import { RumSnippet } from './rum-snippet';

export const dashboardHref = (id: string) => `${ROUTES.realUserMonitoring}?${SITE_PARAM}=${id}`;

const rateText = (sampleRate: number) =>
  `${Math.round(sampleRate * 1000) / 10}% of page views measured`;

function SiteItem({ site }: { site: RumSite }) {
  const { remove } = useRumSiteMutations();
  const changes = useWorkspaceAllows()(RUM_ENDPOINTS.updateSite);
  const [editing, setEditing] = useState(false);
  const [showSnippet, setShowSnippet] = useState(false);
  if (editing) {
    return (
      <ListGroup.Item data-testid="rum-site">
        <h3 className="h6">Edit {site.name}</h3>
        <RumSiteForm
          site={site}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      </ListGroup.Item>
    );
  }
  return (
    <ListGroup.Item data-testid="rum-site">
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="flex-grow-1 sr-min-w-0">
          <h3 className="h6 mb-1">
            <Link to={dashboardHref(site.id)} data-testid="rum-site-link">
              {site.name}
            </Link>
          </h3>
          <div className="small text-break" data-testid="rum-site-origins">
            {site.install ? RUM_MESSAGES.installSite : site.origins.join(', ')}
          </div>
          <div className="small text-muted">{rateText(site.sampleRate)}</div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={dashboardHref(site.id)} className="btn btn-sm btn-primary">
            Dashboard
          </Link>
          {/* The install's own site is set by configuration, not here. */}
          {!site.install && (
            <>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-expanded={showSnippet}
                onClick={() => setShowSnippet(!showSnippet)}
              >
                {showSnippet ? 'Hide snippet' : 'Snippet'}
              </Button>
              {changes && (
                <>
                  <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                  <ConfirmDelete
                    confirmLabel="Delete it and its figures"
                    pending={remove.isPending}
                    onConfirm={() => remove.mutate(site.id)}
                  />
                </>
              )}
            </>
          )}
        </div>
      </div>
      {remove.isError && <p className="small text-danger mb-0 mt-2">{remove.error.message}</p>}
      {showSnippet && (
        <div className="mt-3">
          <RumSnippet snippet={site.snippet} />
        </div>
      )}
    </ListGroup.Item>
  );
}

/**
 * The user's sites: how many of the plan's, the form that adds one (or the plan's lock
 * once they are all used), the snippet of the site just added, and each site's actions.
 */
export function RumSites({ plan, intro }: { plan: Plan; intro: string }) {
  const list = useRumSites();
  const adds = useWorkspaceAllows()(RUM_ENDPOINTS.createSite);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<RumSite | null>(null);

  if (list.isPending) return <Spinner size="sm" aria-label="Loading your sites" />;
  if (list.isError) return <Alert variant="danger">{list.error.message}</Alert>;
  const { sites, limit } = list.data;
  // The install's own site, shown to operators, is not one of theirs.
  const owned = sites.filter((site) => !site.install).length;
  const full = owned >= limit;
  const justAdded = added && sites.find((site) => site.id === added.id);

  return (
    <>
      <p className="lead">{intro}</p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="text-muted" data-testid="rum-site-count">
          {owned} of {limit} {limit === 1 ? 'site' : 'sites'} on your {plan.title} plan
        </span>
        {adds && !full && !adding && (
          <Button className="ms-auto" onClick={() => setAdding(true)}>
            Add a site
          </Button>
        )}
      </div>
      {!adds && <ReadOnlyNotice sees="its sites and their field data" />}
      {adds && full && !adding && (
        <PlanLimitNotice message={RUM_MESSAGES.upgradeForSites(limit)} testId="rum-site-limit" />
      )}
      {adding && (
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <h2 className="h5">Add a site</h2>
            <RumSiteForm
              onCancel={() => setAdding(false)}
              onSaved={(site) => {
                setAdding(false);
                setAdded(site);
              }}
            />
          </Card.Body>
        </Card>
      )}
      {justAdded && (
        <Card className="shadow-sm mb-3 border-success" data-testid="rum-site-added">
          <Card.Body>
            <h2 className="h5">{justAdded.name} is added</h2>
            <RumSnippet snippet={justAdded.snippet} />
            <Link to={dashboardHref(justAdded.id)} className="btn btn-primary mt-3">
              Open its dashboard
            </Link>
          </Card.Body>
        </Card>
      )}
      {sites.length === 0 ? (
        !adding && <p className="text-muted">You have no site yet: add one to get its snippet.</p>
      ) : (
        <>
          <h2 className="h5">Your sites</h2>
          <ListGroup data-testid="rum-sites">
            {sites.map((site) => (
              <SiteItem key={site.id} site={site} />
            ))}
          </ListGroup>
        </>
      )}
    </>
  );
}
