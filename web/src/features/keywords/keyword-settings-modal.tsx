import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { KEYWORD_SETTINGS_CLOSE_MS } from '@core/keywords/limits';
import { clampTemperature } from '@core/keywords/settings';
import { COUNTRIES, LANGUAGES, findCountry } from '@core/reference';
import type { KeywordSettings } from '@core/schemas/keywords';
import { FlagIcon } from '../../components/flag-icon';
import { SearchableSelect, type SelectOption } from '../../components/searchable-select';

const countryOptions: SelectOption[] = COUNTRIES.map((c) => ({
  value: c.code,
  label: c.name,
  icon: <FlagIcon code={c.code} alt="" height={12} />,
}));
const languageOptions: SelectOption[] = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));
const RANDOMNESS_TIP = 'Controls randomness. Lowering results in less random keywords.';

interface Props {
  show: boolean;
  settings: KeywordSettings;
  onSave(next: KeywordSettings): void;
  onClose(): void;
}

/** The keyword settings: randomness, country and language; the modal closes soon after a save. */
export function KeywordSettingsModal({ show, settings, onSave, onClose }: Props) {
  const [draft, setDraft] = useState(settings);
  /** What the temperature box shows while typing; clamped on blur and save. */
  const [typed, setTyped] = useState(String(settings.temperature));
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setTemperature = (value: number) => {
    const temperature = clampTemperature(value);
    setDraft((d) => ({ ...d, temperature }));
    setTyped(String(temperature));
  };

  const save = () => {
    const next = { ...draft, temperature: clampTemperature(Number(typed)) };
    onSave(next);
    setSaved(true);
    timer.current = window.setTimeout(onClose, KEYWORD_SETTINGS_CLOSE_MS);
  };

  return (
    <Modal
      show={show}
      onHide={onClose}
      onEnter={() => {
        setDraft(settings);
        setTyped(String(settings.temperature));
        setSaved(false);
      }}
      centered
      aria-labelledby="keyword-settings-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="keyword-settings-title">Keyword settings</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3">
          <OverlayTrigger placement="top" overlay={<Tooltip>{RANDOMNESS_TIP}</Tooltip>}>
            <Form.Label htmlFor="keyword-temperature" title={RANDOMNESS_TIP}>
              Randomness
            </Form.Label>
          </OverlayTrigger>
          <div className="d-flex gap-3 align-items-center">
            <Form.Control
              id="keyword-temperature"
              inputMode="decimal"
              className="sr-temperature-box"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={() => setTemperature(Number(typed))}
            />
            <Form.Range
              aria-label="Randomness slider"
              min={0}
              max={1}
              step={0.01}
              value={draft.temperature}
              onChange={(e) => setTemperature(Number(e.target.value))}
            />
          </div>
        </Form.Group>
        <SearchableSelect
          label="Country"
          testId="keyword-settings-country"
          options={countryOptions}
          value={draft.country_code}
          onChange={(code) =>
            setDraft({ ...draft, country_code: code, country: findCountry(code)?.name ?? code })
          }
        />
        <SearchableSelect
          label="Language"
          testId="keyword-settings-language"
          options={languageOptions}
          value={draft.language}
          onChange={(language) => setDraft({ ...draft, language })}
        />
      </Modal.Body>
      <Modal.Footer>
        {saved && <span className="text-success me-auto">Saved</span>}
        <Button onClick={save}>Save</Button>
      </Modal.Footer>
    </Modal>
  );
}
