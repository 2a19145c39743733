import { Check } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useLocation } from 'react-router';
import {
  DEVICE_DESKTOP,
  DEVICE_MOBILE,
  GATE_AFTER_SETTINGS_MS,
  SETTINGS_HIDE_AFTER_CHECK_MS,
  SETTINGS_SAVED_CHECK_MS,
} from '@core/limits';
import { COUNTRIES, GOOGLE_DOMAINS, LANGUAGES } from '@core/reference';
import { DEVICE_ONLY_SETTINGS_PATHS } from '@core/routes';
import { FlagIcon } from '../../components/flag-icon';
import { SearchableSelect, type SelectOption } from '../../components/searchable-select';
import { authApi } from '../../api/auth';
import { useModals } from '../modals/modal-context';
import { useSession } from '../session/session-context';
import { readStored, STORAGE_KEYS } from '../storage';
import { resolveDevice, useSettings, type SearchSettings } from './settings-context';

const domainOptions: SelectOption[] = GOOGLE_DOMAINS.map((d) => ({
  value: d.domain,
  label: `${d.domain} (${d.country})`,
}));
const countryOptions: SelectOption[] = COUNTRIES.map((c) => ({
  value: c.code,
  label: c.name,
  icon: <FlagIcon code={c.code} alt="" height={12} />,
}));
const languageOptions: SelectOption[] = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

type SaveState = 'idle' | 'saved';

/** The settings modal: device, and except on device-only pages domain, country and language. */
export function SettingsModal() {
  const { current, close, open } = useModals();
  const { settings, save, searchTerm } = useSettings();
  const { session, signedIn } = useSession();
  const gateTimer = useRef<number | undefined>(undefined);
  const { pathname } = useLocation();
  const show = current === 'settings';
  const deviceOnly = DEVICE_ONLY_SETTINGS_PATHS.includes(pathname);

  const initial = useMemo<SearchSettings>(
    () => ({ ...settings, deviceType: resolveDevice(settings.deviceType) }),
    [settings],
  );
  const [draft, setDraft] = useState<SearchSettings>(initial);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      window.clearTimeout(gateTimer.current);
    },
    [],
  );

  const changed =
    draft.deviceType !== initial.deviceType ||
    (!deviceOnly &&
      (draft.googleDomain !== initial.googleDomain ||
        draft.country !== initial.country ||
        draft.language !== initial.language));

  const onSave = () => {
    const next: SearchSettings = deviceOnly ? { ...settings, deviceType: draft.deviceType } : draft;
    save(next);
    if (signedIn) {
      const { deviceType, googleDomain, country, language } = next;
      const body = deviceOnly
        ? { deviceType, originUrl: pathname }
        : { deviceType, googleDomain, country, language, originUrl: pathname };
      authApi.saveSettings(session.token, body).catch((e: unknown) => console.error(e));
    }
    setSaveState('saved');
    timers.current.push(
      window.setTimeout(() => {
        timers.current.push(window.setTimeout(close, SETTINGS_HIDE_AFTER_CHECK_MS));
      }, SETTINGS_SAVED_CHECK_MS),
    );
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onEnter={() => {
        // Each opening starts from the stored values, and cancels a pending gate.
        window.clearTimeout(gateTimer.current);
        setDraft(initial);
        setSaveState('idle');
      }}
      onExited={() => {
        // Visitors with a search term get the gate a while after the settings close.
        const subscribed = readStored(STORAGE_KEYS.emailSubscribed, z.boolean(), false);
        if (signedIn || subscribed || !searchTerm) return;
        gateTimer.current = window.setTimeout(
          () => open('gate', { content: 'createAccount' }),
          GATE_AFTER_SETTINGS_MS,
        );
      }}
      centered
      aria-labelledby="settings-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="settings-title">Settings</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3">
          <Form.Label as="div">Device</Form.Label>
          <Form.Check
            type="radio"
            id="settings-device-mobile"
            name="settings-device"
            label="Mobile Scores"
            checked={draft.deviceType === DEVICE_MOBILE}
            onChange={() => setDraft({ ...draft, deviceType: DEVICE_MOBILE })}
          />
          <Form.Check
            type="radio"
            id="settings-device-desktop"
            name="settings-device"
            label="Desktop Scores"
            checked={draft.deviceType === DEVICE_DESKTOP}
            onChange={() => setDraft({ ...draft, deviceType: DEVICE_DESKTOP })}
          />
        </Form.Group>
        {!deviceOnly && (
          <>
            <SearchableSelect
              label="Google Domain"
              testId="settings-google-domain"
              options={domainOptions}
              value={draft.googleDomain}
              onChange={(googleDomain) => setDraft({ ...draft, googleDomain })}
            />
            <SearchableSelect
              label="Country"
              testId="settings-country"
              options={countryOptions}
              value={draft.country}
              onChange={(country) => setDraft({ ...draft, country })}
            />
            <SearchableSelect
              label="Language"
              testId="settings-language"
              options={languageOptions}
              value={draft.language}
              onChange={(language) => setDraft({ ...draft, language })}
            />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="primary"
          onClick={onSave}
          disabled={!changed || saveState === 'saved'}
          aria-label={saveState === 'saved' ? 'Saved' : 'Save changes'}
        >
          {saveState === 'saved' ? <Check size="1.25em" /> : 'Save changes'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
