import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { createRumSiteBodySchema, RUM_ERROR_CODES, type RumSite } from '@core/schemas/rum';
import { ApiError } from '../../api/api-client';
import { siteFormErrors, type SiteFormErrors } from './rum-site-form-errors';
import { useRumSiteMutations } from './rum-api';

interface Props {
  /** The site to edit; a new site otherwise. */
  site?: RumSite;
  onCancel(): void;
  onSaved(site: RumSite): void;
}

/** Origins as typed, one a line; blank lines are no origin. */
const originLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Percent as typed, the share the API takes; blank is no number. */
const shareOf = (percent: string) => (percent.trim() ? Number(percent) / 100 : Number.NaN);

/**
 * Adds a site or edits one: its name, the origins its beacons may come from, and the share
 * of page views measured. Each field's message is the shared schema's, under the field.
 */
export function RumSiteForm({ site, onCancel, onSaved }: Props) {
  const { create, update } = useRumSiteMutations();
  const [name, setName] = useState(site?.name ?? '');
  const [origins, setOrigins] = useState(site?.origins.join('\n') ?? '');
  const [percent, setPercent] = useState(String(Math.round((site?.sampleRate ?? 1) * 1000) / 10));
  const [errors, setErrors] = useState<SiteFormErrors>({});
  const [refusal, setRefusal] = useState<{ message: string; limit: boolean }>();
  const pending = create.isPending || update.isPending;
  const idPrefix = site ? `rum-edit-${site.id}` : 'rum-new';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = createRumSiteBodySchema.safeParse({
      name,
      origins: originLines(origins),
      sampleRate: shareOf(percent),
    });
    setRefusal(undefined);
    if (!body.success) {
      setErrors(siteFormErrors(body.error.issues));
      return;
    }
    setErrors({});
    const onError = (failure: Error) =>
      setRefusal({
        message: failure.message,
        limit:
          failure instanceof ApiError &&
          (failure.body as { code?: string } | null)?.code === RUM_ERROR_CODES.siteLimit,
      });
    if (site) update.mutate({ id: site.id, body: body.data }, { onSuccess: onSaved, onError });
    else create.mutate(body.data, { onSuccess: onSaved, onError });
  };

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="rum-site-form">
      <Form.Group className="mb-3" controlId={`${idPrefix}-name`}>
        <Form.Label>Name</Form.Label>
        <Form.Control
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={Boolean(errors.name)}
          placeholder="My shop"
          autoFocus={!site}
        />
        <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-origins`}>
        <Form.Label>Origins, one a line</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
          isInvalid={Boolean(errors.origins)}
          placeholder={'https://www.example.com\nhttps://example.com'}
          aria-describedby={`${idPrefix}-origins-help`}
        />
        <Form.Control.Feedback type="invalid">{errors.origins}</Form.Control.Feedback>
        <Form.Text id={`${idPrefix}-origins-help`}>
          The addresses the site’s pages are served from; beacons from anywhere else are refused.
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-sample-rate`}>
        <Form.Label>Sample rate</Form.Label>
        <InputGroup hasValidation className="sr-sample-rate">
          <Form.Control
            type="number"
            inputMode="decimal"
            min={0.1}
            max={100}
            step="any"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            isInvalid={Boolean(errors.sampleRate)}
            aria-describedby={`${idPrefix}-sample-rate-help`}
          />
          <InputGroup.Text>%</InputGroup.Text>
          <Form.Control.Feedback type="invalid">{errors.sampleRate}</Form.Control.Feedback>
        </InputGroup>
        <Form.Text id={`${idPrefix}-sample-rate-help`}>
          The share of page views that send their figures; lower it for a busy site.
        </Form.Text>
      </Form.Group>
      {refusal && (
        <Alert variant="danger" data-testid="rum-site-error">
          {refusal.message}
          {refusal.limit && (
            <>
              {' '}
              <Link to={ROUTES.pricing}>See plans.</Link>
            </>
          )}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {site ? 'Save' : 'Add site'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
