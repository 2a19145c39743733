import Button from 'react-bootstrap/Button';
import { findCountry } from '@core/reference';
import { useModals } from '../app/modals/modal-context';
import { useSettings } from '../app/settings/settings-context';
import { FlagIcon } from './flag-icon';

/** 'Searching {domain}' with the country's flag and a 'change' link to settings. */
export function SearchDomainLine() {
  const { settings } = useSettings();
  const { open } = useModals();
  const country = findCountry(settings.country);
  return (
    <p className="mb-2" data-testid="search-domain">
      Searching {settings.googleDomain}{' '}
      <FlagIcon code={settings.country} alt={country?.name ?? settings.country} />{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={() => open('settings')}>
        change
      </Button>
    </p>
  );
}
