import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { COUNTRIES, LANGUAGES } from '@core/reference';
import type { RankCsvDefaults } from '@core/rank-tracking/csv';
import type { TrackPrefill } from '@core/rank-tracking/links';
import {
  createRankKeywordBodySchema,
  RANK_BULK_MAX,
  RANK_ALERTS_NONE,
  RANK_COMPETITORS_MAX,
  RANK_DEPTH_DEFAULT,
  RANK_DEPTH_MAX,
  RANK_DEPTH_MIN,
  type CreateRankKeywordBody,
  type RankDevice,
} from '@core/schemas/rank-tracking';
import { isKeywordLimit, useRankKeywordMutations } from '../../api/rank-tracking';
import { useSettings } from '../../app/settings/settings-context';
import { PlanLimitNotice } from '../../components/plan-limit-notice';
import { alertFieldsOf, alertsOf, splitList, type AlertFields } from './rank-form-fields';
import { AlertInputs, DepthInput, ListInput } from './rank-form-inputs';

export type AddMode = 'one' | 'bulk';

/** What the form holds, as typed. */
interface Fields extends AlertFields {
  keyword: string;
  keywords: string;
  domain: string;
  device: RankDevice;
  country: string;
  language: string;
  location: string;
  depth: string;
  competitors: string;
  tags: string;
}

type Problems = Partial<Record<keyof Fields, string>>;

/** Per field, the first problem zod found; problems of list items go to their list. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const problems: Problems = {};
  for (const issue of issues) {
    const head = String(issue.path[0] ?? 'keyword');
    const field = (head === 'alerts' ? 'move' : head) as keyof Fields;
    problems[field] ??= issue.message;
  }
  return problems;
}

const bodyOf = (fields: Fields, keyword: string) =>
  createRankKeywordBodySchema.safeParse({
    keyword,
    domain: fields.domain,
    device: fields.device,
    country: fields.country,
    language: fields.language.trim() || undefined,
    location: fields.location.trim() || undefined,
    depth: Number(fields.depth),
    competitors: splitList(fields.competitors),
    tags: splitList(fields.tags),
    alerts: alertsOf(fields),
  });

/** The keywords of the bulk box: one a line, blank lines and repeats left out. */
export const bulkLines = (text: string) => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/**
 * Adds keywords: one, or a list (one a line, or a CSV file) with the same settings. Every
 * body is checked with the API's own schema first, so a refusal names its field before a
 * request; the API's refusals (the plan's limit as its lock) show under the form.
 */
export function RankKeywordForm({
  mode,
  prefill,
  onDone,
  csvImport,
}: {
  mode: AddMode;
  prefill: TrackPrefill | null;
  onDone(): void;
  /** The CSV file picker, which reads the form's settings as the defaults of blank cells. */
  csvImport?: (defaults: RankCsvDefaults) => ReactNode;
}) {
  const { settings, device } = useSettings();
  const { create, bulk } = useRankKeywordMutations();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => ({
    keyword: prefill?.keyword ?? '',
    keywords: '',
    domain: prefill?.domain ?? '',
    device: prefill?.device ?? (device === 1 ? 'mobile' : 'desktop'),
    country: prefill?.country ?? settings.country,
    language: prefill?.language ?? '',
    location: '',
    depth: String(RANK_DEPTH_DEFAULT),
    competitors: '',
    tags: '',
    ...alertFieldsOf(RANK_ALERTS_NONE),
  }));
  const [problems, setProblems] = useState<Problems>({});
  const [lineProblems, setLineProblems] = useState<string[]>([]);
  const mutation = mode === 'one' ? create : bulk;

  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));
  const onText =
    (key: 'keyword' | 'keywords' | 'domain' | 'country' | 'language' | 'location') =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(key)(event.target.value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLineProblems([]);
    if (mode === 'one') {
      const parsed = bodyOf(fields, fields.keyword);
      if (!parsed.success) return setProblems(problemsOf(parsed.error.issues));
      setProblems({});
      create.mutate(parsed.data, { onSuccess: onDone });
      return;
    }
    const lines = bulkLines(fields.keywords);
    if (lines.length === 0) return setProblems({ keywords: RANK_TRACKING_MESSAGES.noKeyword });
    if (lines.length > RANK_BULK_MAX) {
      return setProblems({ keywords: RANK_TRACKING_MESSAGES.bulkTooMany(RANK_BULK_MAX) });
    }
    const bodies: CreateRankKeywordBody[] = [];
    const perLine: string[] = [];
    let settingsProblems: Problems = {};
    for (const line of lines) {
      const parsed = bodyOf(fields, line);
      if (parsed.success) {
        bodies.push(parsed.data);
        continue;
      }
      const found = problemsOf(parsed.error.issues);
      // The settings are shared: their problem is said once, at the setting.
      if (found.keyword) perLine.push(`${line}: ${found.keyword}`);
      settingsProblems = { ...found, ...settingsProblems, keyword: undefined };
    }
    setProblems(settingsProblems);
    setLineProblems(perLine);
    if (bodies.length === lines.length) bulk.mutate(bodies, { onSuccess: onDone });
  };

  const control = (key: keyof Fields) => ({
    id: `${id}-${key}`,
    isInvalid: Boolean(problems[key]),
    'aria-describedby': problems[key] ? `${id}-${key}-problem` : undefined,
  });
  const problem = (key: keyof Fields) =>
    problems[key] && (
      <Form.Control.Feedback type="invalid" id={`${id}-${key}-problem`}>
        {problems[key]}
      </Form.Control.Feedback>
    );

  return (
    <Form onSubmit={submit} noValidate data-testid={`rank-add-${mode}`}>
      <Row className="g-3">
        {mode === 'one' ? (
          <Col md={6}>
            <Form.Label htmlFor={`${id}-keyword`}>Keyword</Form.Label>
            <Form.Control
              {...control('keyword')}
              value={fields.keyword}
              onChange={onText('keyword')}
              maxLength={200}
              data-testid="rank-keyword-input"
            />
            {problem('keyword')}
          </Col>
        ) : (
          <Col xs={12}>
            <Form.Label htmlFor={`${id}-keywords`}>Keywords, one a line</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              {...control('keywords')}
              value={fields.keywords}
              onChange={onText('keywords')}
              data-testid="rank-keywords-input"
            />
            {problem('keywords')}
            <Form.Text muted>
              {bulkLines(fields.keywords).length} of at most {RANK_BULK_MAX} keywords, all with the
              settings below.
            </Form.Text>
          </Col>
        )}
        <Col md={6}>
          <Form.Label htmlFor={`${id}-domain`}>Your domain</Form.Label>
          <Form.Control
            {...control('domain')}
            value={fields.domain}
            onChange={onText('domain')}
            placeholder="example.com"
            inputMode="url"
            data-testid="rank-domain-input"
          />
          {problem('domain')}
        </Col>
        <Col xs={6} md={3}>
          <Form.Label htmlFor={`${id}-device`}>Device</Form.Label>
          <Form.Select
            {...control('device')}
            value={fields.device}
            onChange={(e) => set('device')(e.target.value === 'mobile' ? 'mobile' : 'desktop')}
          >
            <option value="desktop">Desktop</option>
            <option value="mobile">Mobile</option>
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Label htmlFor={`${id}-country`}>Country</Form.Label>
          <Form.Select {...control('country')} value={fields.country} onChange={onText('country')}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          {problem('country')}
        </Col>
        <Col xs={6} md={3}>
          <Form.Label htmlFor={`${id}-language`}>Language</Form.Label>
          <Form.Select
            {...control('language')}
            value={fields.language}
            onChange={onText('language')}
          >
            <option value="">The country’s usual one</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code.toLowerCase()}>
                {l.name}
              </option>
            ))}
          </Form.Select>
          {problem('language')}
        </Col>
        <Col xs={6} md={3}>
          <DepthInput
            id={`${id}-depth`}
            value={fields.depth}
            onChange={set('depth')}
            problem={problems.depth}
          />
        </Col>
        <Col md={6}>
          <Form.Label htmlFor={`${id}-location`}>City or region (optional)</Form.Label>
          <Form.Control
            {...control('location')}
            value={fields.location}
            onChange={onText('location')}
            placeholder="Austin,Texas,United States"
            maxLength={200}
          />
          {problem('location')}
          <Form.Text muted>As the search providers name it; blank for the whole country.</Form.Text>
        </Col>
        <Col md={6}>
          <ListInput
            id={`${id}-competitors`}
            label={`Competitors (up to ${RANK_COMPETITORS_MAX})`}
            placeholder="rival.com, other.org"
            value={fields.competitors}
            onChange={set('competitors')}
            problem={problems.competitors}
          />
        </Col>
        <Col md={6}>
          <ListInput
            id={`${id}-tags`}
            label="Tags"
            placeholder="brand, blog"
            value={fields.tags}
            onChange={set('tags')}
            problem={problems.tags}
          />
        </Col>
        <Col xs={12}>
          <AlertInputs
            id={`${id}-alerts`}
            value={fields}
            onChange={(alerts) => setFields((f) => ({ ...f, ...alerts }))}
            problem={problems.move}
          />
        </Col>
      </Row>
      {lineProblems.length > 0 && (
        <Alert variant="danger" className="mt-3 mb-0" data-testid="rank-line-problems">
          <ul className="mb-0">
            {lineProblems.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      )}
      {mutation.isError &&
        (isKeywordLimit(mutation.error) ? (
          <div className="mt-3">
            <PlanLimitNotice message={mutation.error.message} testId="rank-limit-refusal" />
          </div>
        ) : (
          <Alert variant="danger" className="mt-3 mb-0" data-testid="rank-add-error">
            {mutation.error.message}
          </Alert>
        ))}
      <div className="d-flex flex-wrap gap-2 mt-3 align-items-center">
        <Button type="submit" disabled={mutation.isPending} data-testid="rank-add-submit">
          {mutation.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
          {mode === 'one' ? 'Track this keyword' : 'Track these keywords'}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
        {csvImport?.({
          device: fields.device,
          country: fields.country,
          domain: fields.domain || undefined,
          depth: Number(fields.depth) || RANK_DEPTH_DEFAULT,
        })}
      </div>
      <p className="small text-muted mt-2 mb-0">
        Checked once a day, reading results up to the depth ({RANK_DEPTH_MIN}–{RANK_DEPTH_MAX}).
      </p>
    </Form>
  );
}
