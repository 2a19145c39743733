import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ariaSelectorWithoutRole, type FlowStepKind } from '@core/flows/flow-schema';
import { FLOW_SCREEN_MESSAGES as SAYS, FLOW_STEP_KIND_NAMES } from '@core/messages/flows';
import type { DraftStep, StepProblem } from './flow-draft';

const KINDS = Object.keys(FLOW_STEP_KIND_NAMES) as FlowStepKind[];

type Change = (patch: Partial<DraftStep>) => void;

interface FieldProps {
  step: DraftStep;
  field: keyof DraftStep & string;
  label: string;
  problems: readonly StepProblem[];
  onChange: Change;
  placeholder?: string;
  help?: string;
  type?: string;
  inputMode?: 'numeric' | 'text' | 'url';
}

const fieldId = (step: DraftStep, field: string) => `${step.id}-${field}`;

/** A text field of a step, its problem (the schema's words) under it. */
function TextField({
  step,
  field,
  label,
  problems,
  onChange,
  placeholder,
  help,
  type = 'text',
  inputMode,
}: FieldProps) {
  const id = fieldId(step, field);
  const problem = problems.find((p) => p.field === field)?.message;
  const described = [problem && `${id}-problem`, help && `${id}-help`].filter(Boolean).join(' ');
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        size="sm"
        type={type}
        inputMode={inputMode}
        value={String(step[field])}
        placeholder={placeholder}
        spellCheck={false}
        isInvalid={Boolean(problem)}
        aria-describedby={described || undefined}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback d-block" data-testid="field-problem">
          {problem}
        </div>
      )}
    </Form.Group>
  );
}

/** Two choices of what a step does (a text or a secret, an element or a text …). */
function Choice<T extends string>({
  step,
  name,
  legend,
  options,
  value,
  onChange,
}: {
  step: DraftStep;
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <fieldset className="mb-2">
      <legend className="small mb-1">{legend}</legend>
      {options.map((option) => (
        <Form.Check
          inline
          key={option.value}
          type="radio"
          name={fieldId(step, name)}
          id={fieldId(step, `${name}-${option.value}`)}
          label={option.label}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
        />
      ))}
    </fieldset>
  );
}

/** The fields of a step's kind. */
function KindFields({
  step,
  problems,
  secrets,
  onChange,
}: {
  step: DraftStep;
  problems: readonly StepProblem[];
  secrets: readonly string[];
  onChange: Change;
}) {
  const common = { step, problems, onChange };
  const selector = (
    <TextField
      {...common}
      field="selector"
      label="Element (selector)"
      placeholder="#email"
      help={
        'selector' in step && ariaSelectorWithoutRole(String(step.selector))
          ? SAYS.ariaNeedsRole
          : SAYS.selectorHelp
      }
    />
  );
  const navigates = (
    <Form.Check
      className="mb-2"
      id={fieldId(step, 'navigates')}
      label="Loads a new page (measured as a navigation)"
      checked={step.navigates}
      onChange={(e) => onChange({ navigates: e.target.checked })}
    />
  );
  switch (step.kind) {
    case 'navigate':
      return (
        <>
          <TextField
            {...common}
            field="url"
            label="Address"
            type="url"
            inputMode="url"
            placeholder="https://www.example.com/"
          />
          <TextField {...common} field="name" label="Name (optional)" placeholder="Home page" />
        </>
      );
    case 'click':
      return (
        <>
          {selector}
          {navigates}
          {step.navigates && (
            <TextField {...common} field="name" label="Name of the page load (optional)" />
          )}
        </>
      );
    case 'type': {
      const secretId = fieldId(step, 'secret');
      const secretProblem = problems.find((p) => p.field === 'secret')?.message;
      return (
        <>
          {selector}
          <Choice
            step={step}
            name="types"
            legend="Types"
            options={[
              { value: 'text', label: 'A text' },
              { value: 'secret', label: 'A secret' },
            ]}
            value={step.types}
            onChange={(types) => onChange({ types })}
          />
          {step.types === 'text' ? (
            <TextField {...common} field="text" label="Text" />
          ) : (
            <Form.Group controlId={secretId} className="mb-2">
              <Form.Label className="small mb-1">Secret</Form.Label>
              <Form.Select
                size="sm"
                value={step.secret}
                isInvalid={Boolean(secretProblem)}
                onChange={(e) => onChange({ secret: e.target.value })}
              >
                <option value="">Choose a secret…</option>
                {/* An imported or older step may name a secret the workspace lacks now. */}
                {[...new Set([...secrets, ...(step.secret ? [step.secret] : [])])].map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Form.Select>
              {secrets.length === 0 && (
                <Form.Text className="d-block">{SAYS.noSecretsToType}</Form.Text>
              )}
              {secretProblem && (
                <div className="invalid-feedback d-block" data-testid="field-problem">
                  {secretProblem}
                </div>
              )}
            </Form.Group>
          )}
        </>
      );
    }
    case 'select':
      return (
        <>
          {selector}
          <TextField {...common} field="value" label="Option value" />
        </>
      );
    case 'press':
      return (
        <>
          <TextField {...common} field="key" label="Key" placeholder="Enter" />
          {navigates}
        </>
      );
    case 'waitFor':
      return (
        <>
          <Choice
            step={step}
            name="waits-for"
            legend="Waits for"
            options={[
              { value: 'selector', label: 'An element' },
              { value: 'text', label: 'A text on the page' },
            ]}
            value={step.waitsFor}
            onChange={(waitsFor) => onChange({ waitsFor })}
          />
          {step.waitsFor === 'selector' ? (
            selector
          ) : (
            <TextField {...common} field="text" label="Text" placeholder="Added to your cart" />
          )}
        </>
      );
    case 'scroll':
      return (
        <>
          <Choice
            step={step}
            name="scrolls-to"
            legend="Scrolls"
            options={[
              { value: 'selector', label: 'An element into view' },
              { value: 'y', label: 'The page by pixels' },
            ]}
            value={step.scrollsTo}
            onChange={(scrollsTo) => onChange({ scrollsTo })}
          />
          {step.scrollsTo === 'selector' ? (
            selector
          ) : (
            <TextField
              {...common}
              field="y"
              label="Pixels down (negative: up)"
              inputMode="numeric"
              placeholder="800"
            />
          )}
        </>
      );
    case 'startTimespan':
      return <TextField {...common} field="name" label="Name" placeholder="Add to cart" />;
    case 'snapshot':
      return <TextField {...common} field="name" label="Name" placeholder="Cart" />;
    case 'endTimespan':
      return null;
  }
}

/** One step in the editor: its kind, its fields, the ways to move or remove it, its problems. */
export function StepCard({
  step,
  index,
  count,
  inTimespan,
  problems,
  secrets,
  onChange,
  onMove,
  onRemove,
}: {
  step: DraftStep;
  index: number;
  count: number;
  /** Between a "start timespan" and its end: drawn inside it. */
  inTimespan: boolean;
  problems: readonly StepProblem[];
  secrets: readonly string[];
  onChange: Change;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const number = index + 1;
  const stepProblems = problems.filter(
    (p) => p.field === null || !FIELDS_SHOWN[step.kind].includes(p.field),
  );
  const action = (label: string, text: ReactNode, onClick: () => void, disabled = false) => (
    <Button
      size="sm"
      variant="outline-secondary"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {text}
    </Button>
  );
  return (
    <Card
      as="li"
      className={`mb-2 ${inTimespan ? 'ms-3 border-start border-3 border-info-subtle' : ''} ${problems.length ? 'border-danger' : ''}`}
      data-testid="flow-step"
      aria-label={`Step ${number}`}
    >
      <Card.Body className="p-2 p-sm-3">
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <Form.Group controlId={fieldId(step, 'kind')} className="flex-grow-1">
            <Form.Label className="small mb-1 fw-semibold">Step {number}</Form.Label>
            <Form.Select
              size="sm"
              value={step.kind}
              onChange={(e) => onChange({ kind: e.target.value as FlowStepKind })}
            >
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {FLOW_STEP_KIND_NAMES[kind]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <div className="d-flex gap-1">
            {action(`Move step ${number} up`, '↑', () => onMove(-1), index === 0)}
            {action(`Move step ${number} down`, '↓', () => onMove(1), index === count - 1)}
            <Button
              size="sm"
              variant="outline-danger"
              onClick={onRemove}
              aria-label={`Remove step ${number}`}
            >
              Remove
            </Button>
          </div>
        </div>
        <KindFields step={step} problems={problems} secrets={secrets} onChange={onChange} />
        {stepProblems.map((problem) => (
          <p
            key={`${problem.field}:${problem.message}`}
            className="small text-danger mb-0"
            data-testid="step-problem"
          >
            {problem.message}
          </p>
        ))}
      </Card.Body>
    </Card>
  );
}

/** The fields each kind shows beside its problems; a problem of another shows under the step. */
const FIELDS_SHOWN: Record<FlowStepKind, readonly string[]> = {
  navigate: ['url', 'name'],
  click: ['selector', 'name'],
  type: ['selector', 'text', 'secret'],
  select: ['selector', 'value'],
  press: ['key'],
  waitFor: ['selector', 'text'],
  scroll: ['selector', 'y'],
  startTimespan: ['name'],
  endTimespan: [],
  snapshot: ['name'],
};
