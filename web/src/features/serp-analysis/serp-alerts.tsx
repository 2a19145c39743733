import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SERP_MESSAGES } from '@core/messages';
import { findCountry, findLanguage } from '@core/reference';
import { useModals } from '../../app/modals/modal-context';
import { useSettings } from '../../app/settings/settings-context';
import { useSessionDismissal } from './use-session-dismissal';

/**
 * Shown when every card has finished. Not shown once dismissed this
 * session, once more results were requested, or while view-all is on. 'View SERP stats'
 * scrolls up to them and puts the banner away for this search. Key it by search.
 */
export function AllLoadedAlert({ show }: { show: boolean }) {
  const [dismissed, dismiss] = useSessionDismissal('allResultsLoaded');
  const [viewed, setViewed] = useState(false);
  if (!show || dismissed || viewed) return null;
  const viewStats = () => {
    // Not a fixed offset: the stats are wherever the page above them ends.
    document.getElementById('serp-stats')?.scrollIntoView({ behavior: 'smooth' });
    setViewed(true);
  };
  return (
    <Alert
      variant="success"
      dismissible
      onClose={dismiss}
      // In the page's flow, above the cards: a floating toast would cover a row of them.
      className="py-2"
      data-testid="all-loaded-alert"
    >
      {SERP_MESSAGES.allResultsLoaded}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={viewStats}>
        {SERP_MESSAGES.viewSerpStats}
      </Button>
    </Alert>
  );
}

/** Loading more results cleared the schema filters; closed for the session. */
export function FiltersClearedAlert({ show, onClose }: { show: boolean; onClose(): void }) {
  const [dismissed, dismiss] = useSessionDismissal('filtersCleared');
  if (!show || dismissed) return null;
  return (
    <Alert
      variant="info"
      dismissible
      onClose={() => {
        dismiss();
        onClose();
      }}
      data-testid="filters-cleared-alert"
    >
      {SERP_MESSAGES.filtersCleared}
    </Alert>
  );
}

/**
 * The 'results not as expected' alert: names where the results come from (search domain,
 * country, language, device) with a link to change it; closed for the session.
 */
export function NotAsExpectedAlert({ device }: { device: 1 | 2 }) {
  const [dismissed, dismiss] = useSessionDismissal('notAsExpected');
  const { settings } = useSettings();
  const { open } = useModals();
  if (dismissed) return null;
  const country = findCountry(settings.country)?.name ?? settings.country;
  const language = findLanguage(settings.language)?.name ?? settings.language;
  const where = `${settings.googleDomain} for ${country} in ${language}, on ${device === 1 ? 'mobile' : 'desktop'}`;
  return (
    <Alert
      variant="light"
      dismissible
      onClose={dismiss}
      className="border small"
      data-testid="not-as-expected-alert"
    >
      {SERP_MESSAGES.notAsExpected(where)}{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        onClick={() => open('settings')}
      >
        change
      </Button>
    </Alert>
  );
}

/** The view-all-data alert: what the switch did, while it is on; closed for the session. */
export function ViewAllAlert({ on }: { on: boolean }) {
  const [dismissed, dismiss] = useSessionDismissal('viewAllData');
  if (!on || dismissed) return null;
  return (
    <Alert variant="info" dismissible onClose={dismiss} data-testid="view-all-alert">
      {SERP_MESSAGES.viewAllData}
    </Alert>
  );
}
