import { lazy, Suspense, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { TRACKING_MESSAGES } from '@core/messages';
import { entitlementsOf } from '@core/entitlements';
import type { Plan } from '@core/plans';
import { ROUTES } from '@core/routes';
import type { OptionalCategory } from '@core/lighthouse-categories';
import {
  ALERT_AFTER_DEFAULT,
  ALERT_AFTER_MAX,
  budgetsSchema,
  createTrackedPageBodySchema,
  TRACKING_DEVICES,
  type Budgets,
  type TrackedPage,
  type TrackingDevice,
  type TrackingSchedule,
} from '@core/schemas/tracking';
import { ApiError } from '../../api/api-client';
import { UpgradeMessage } from '../../components/upgrade-message';
import { BUDGET_FIELDS, DEVICE_NAMES, type BudgetFieldKey } from './tracking-format';
import { useTrackingMutations } from './tracking-api';
import { signInOf, type SignInDraft } from './sign-in-draft';

const SignInFields = lazy(() => import('./sign-in-fields'));
const TrackedCategoriesField = lazy(() => import('./tracked-categories-field'));

interface Props {
  plan: Plan;
  /** The page to edit; a new page otherwise. */
  page?: TrackedPage;
  /** The URL a new page starts with ('track this page'). */
  initialUrl?: string;
  onClose(): void;
  /** After a page was created, with its id. */
  onCreated?(id: string): void;
}

const ALERT_AFTER_CHOICES = Array.from({ length: ALERT_AFTER_MAX }, (_, i) => i + 1);

type BudgetText = Partial<Record<BudgetFieldKey, string>>;
type Limits = Partial<Record<string, number>>;

/** The limit a field names: a metric's, or a resource type's under its group. */
const limitAt = (budgets: Budgets, key: BudgetFieldKey): number | undefined => {
  const [group, type] = key.split('.') as [keyof Budgets, string | undefined];
  const value = budgets[group];
  return type ? (value as Limits | undefined)?.[type] : (value as number | undefined);
};

const budgetText = (budgets: Budgets): BudgetText =>
  Object.fromEntries(
    BUDGET_FIELDS.flatMap(({ key }) => {
      const value = limitAt(budgets, key);
      return value === undefined ? [] : [[key, String(value)]];
    }),
  );

/**
 * The budgets typed, as numbers (an empty field is no limit), over the page's own: limits
 * the form does not show (set through the API) are kept.
 */
function parseBudgets(text: BudgetText, kept: Budgets) {
  const budgets: Record<string, unknown> = {
    ...kept,
    resourceSizes: { ...kept.resourceSizes },
    resourceCounts: { ...kept.resourceCounts },
  };
  for (const { key } of BUDGET_FIELDS) {
    const typed = text[key]?.trim();
    const [group, type] = key.split('.') as [string, string | undefined];
    const holder = (type ? budgets[group] : budgets) as Record<string, unknown>;
    const name = type ?? group;
    if (typed) holder[name] = Number(typed);
    else delete holder[name];
  }
  for (const group of ['resourceSizes', 'resourceCounts'])
    if (Object.keys(budgets[group] as object).length === 0) delete budgets[group];
  return budgetsSchema.safeParse(budgets);
}

/** Adds a page to track, or edits one: devices, schedule, samples and budgets. */
export function TrackedPageForm({ plan, page, initialUrl = '', onClose, onCreated }: Props) {
  const { create, update } = useTrackingMutations();
  const [url, setUrl] = useState(page?.url ?? initialUrl);
  const [devices, setDevices] = useState<TrackingDevice[]>(page?.devices ?? ['mobile']);
  const [schedule, setSchedule] = useState<TrackingSchedule>(page?.schedule ?? 'daily');
  const rules = entitlementsOf(plan.planId);
  const [samples, setSamples] = useState(Math.min(page?.samples ?? 3, rules.sampleLimit));
  const [budgets, setBudgets] = useState<BudgetText>(budgetText(page?.budgets ?? {}));
  // An edit starts with the page's own; a new page with the last choice (set by the field).
  const [categories, setCategories] = useState<OptionalCategory[] | null>(page?.categories ?? null);
  const [alertAfter, setAlertAfter] = useState(page?.alertAfter ?? ALERT_AFTER_DEFAULT);
  const [signIn, setSignIn] = useState<SignInDraft>(page?.signIn ?? { flowId: null, cookies: [] });
  const [error, setError] = useState<string>();
  const pending = create.isPending || update.isPending;
  const sampleChoices = Array.from({ length: rules.sampleLimit }, (_, i) => i + 1);

  const toggleDevice = (device: TrackingDevice, on: boolean) =>
    setDevices((current) =>
      TRACKING_DEVICES.filter((d) => (d === device ? on : current.includes(d))),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsedBudgets = parseBudgets(budgets, page?.budgets ?? {});
    if (!parsedBudgets.success) {
      setError('Each budget must be a positive number (scores 1-100).');
      return;
    }
    if (devices.length === 0) {
      setError('Choose mobile, desktop or both.');
      return;
    }
    const fail = (failure: unknown) =>
      setError(failure instanceof ApiError ? failure.message : 'Saving failed. Please try again.');
    const fields = {
      devices,
      schedule,
      samples,
      budgets: parsedBudgets.data,
      categories: categories ?? [],
      alertAfter,
      signIn: signInOf(signIn),
    };
    if (page) {
      update.mutate({ id: page.id, body: fields }, { onSuccess: onClose, onError: fail });
      return;
    }
    const body = createTrackedPageBodySchema.safeParse({ url, ...fields });
    if (!body.success) {
      setError(body.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(body.data, { onSuccess: ({ id }) => onCreated?.(id), onError: fail });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="tracked-page-form-title">
      <Form noValidate onSubmit={onSubmit} data-testid="tracked-page-form">
        <Modal.Header closeButton>
          <Modal.Title id="tracked-page-form-title" as="h2" className="h5">
            {page ? 'Edit tracked page' : 'Track a page'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="tracked-url">
            <Form.Label>Page URL</Form.Label>
            <Form.Control
              type="url"
              value={url}
              disabled={Boolean(page)}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://www.example.com/"
              autoFocus={!page}
            />
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Devices</legend>
            {TRACKING_DEVICES.map((device) => (
              <Form.Check
                inline
                key={device}
                id={`tracked-device-${device}`}
                label={DEVICE_NAMES[device]}
                checked={devices.includes(device)}
                onChange={(e) => toggleDevice(device, e.target.checked)}
              />
            ))}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Schedule</legend>
            <Form.Check
              inline
              type="radio"
              name="schedule"
              id="tracked-schedule-daily"
              label="Daily"
              checked={schedule === 'daily'}
              onChange={() => setSchedule('daily')}
            />
            <Form.Check
              inline
              type="radio"
              name="schedule"
              id="tracked-schedule-hourly"
              label="Hourly"
              disabled={!rules.allowsSchedule('hourly')}
              checked={schedule === 'hourly'}
              onChange={() => setSchedule('hourly')}
            />
            {!rules.allowsSchedule('hourly') && (
              <Form.Text as="div">
                {TRACKING_MESSAGES.upgradeForHourly} <Link to={ROUTES.pricing}>See plans.</Link>
              </Form.Text>
            )}
          </fieldset>
          <Form.Group className="mb-3" controlId="tracked-samples">
            <Form.Label>Samples per check</Form.Label>
            <Form.Select value={samples} onChange={(e) => setSamples(Number(e.target.value))}>
              {sampleChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Form.Select>
            <Form.Text>
              Each check runs this many lab tests per device and keeps their median; your{' '}
              {plan.title} plan allows up to {rules.sampleLimit}.
            </Form.Text>
          </Form.Group>
          <Suspense fallback={null}>
            <TrackedCategoriesField value={categories} onChange={setCategories} isNew={!page} />
          </Suspense>
          <fieldset>
            <legend className="form-label fs-6">Budgets (optional)</legend>
            <Row xs={1} sm={2} className="g-2">
              {BUDGET_FIELDS.map((field) => (
                <Col key={field.key}>
                  <Form.Group controlId={`tracked-budget-${field.key}`}>
                    <Form.Label className="small mb-1">{field.label}</Form.Label>
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      value={budgets[field.key] ?? ''}
                      placeholder={field.placeholder}
                      onChange={(e) => setBudgets({ ...budgets, [field.key]: e.target.value })}
                    />
                  </Form.Group>
                </Col>
              ))}
            </Row>
            <Form.Text>
              A check that breaks a budget, or is significantly slower than the checks before it, is
              a regression. INP is judged only when a field data source has real-user data for the
              page.
            </Form.Text>
          </fieldset>
          <Form.Group className="mt-3" controlId="tracked-alert-after">
            <Form.Label>Alert after</Form.Label>
            <Form.Select value={alertAfter} onChange={(e) => setAlertAfter(Number(e.target.value))}>
              {ALERT_AFTER_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 regressed check' : `${n} regressed checks in a row`}
                </option>
              ))}
            </Form.Select>
            <Form.Text>
              One noisy check does not alert while the regression must hold; you hear once when it
              does and once when the page recovers.
            </Form.Text>
          </Form.Group>
          <Suspense fallback={null}>
            <SignInFields value={signIn} onChange={setSignIn} />
          </Suspense>
          {error && (
            <Alert variant="danger" className="mt-3 mb-0" data-testid="tracked-page-error">
              <UpgradeMessage text={error} />
              {/^Upgrade/.test(error) && (
                <>
                  {' '}
                  <Link to={ROUTES.pricing}>See plans.</Link>
                </>
              )}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {page ? 'Save' : 'Track page'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
