import Form from 'react-bootstrap/Form';
import { RANK_DEPTH_MAX, RANK_DEPTH_MIN } from '@core/schemas/rank-tracking';
import type { AlertFields } from './rank-form-fields';

const feedback = (id: string, problem: string | undefined) =>
  problem && (
    <Form.Control.Feedback type="invalid" id={`${id}-problem`}>
      {problem}
    </Form.Control.Feedback>
  );

const described = (id: string, problem: string | undefined) => ({
  id,
  isInvalid: Boolean(problem),
  'aria-describedby': problem ? `${id}-problem` : undefined,
});

/** How many results a check reads. */
export function DepthInput({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  problem: string | undefined;
}) {
  return (
    <>
      <Form.Label htmlFor={id}>Depth (results)</Form.Label>
      <Form.Control
        {...described(id, problem)}
        type="number"
        inputMode="numeric"
        min={RANK_DEPTH_MIN}
        max={RANK_DEPTH_MAX}
        step={10}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {feedback(id, problem)}
    </>
  );
}

/** A list of domains or tags typed in one box. */
export function ListInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  problem: string | undefined;
}) {
  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        {...described(id, problem)}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {feedback(id, problem)}
      <Form.Text muted>Separated by commas.</Form.Text>
    </>
  );
}

/** When to be told of a move (by email and the account's webhooks). */
export function AlertInputs({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: AlertFields;
  onChange(value: AlertFields): void;
  problem: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">Alerts</legend>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor={`${id}-move`} className="mb-0">
            A move of at least
          </Form.Label>
          <Form.Control
            {...described(`${id}-move`, problem)}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            style={{ width: '5.5rem' }}
            placeholder="off"
            value={value.move}
            onChange={(e) => onChange({ ...value, move: e.target.value })}
          />
          <span>positions</span>
        </div>
        <Form.Check
          id={`${id}-top3`}
          label="Entering or leaving the top 3"
          checked={value.top3}
          onChange={(e) => onChange({ ...value, top3: e.target.checked })}
        />
        <Form.Check
          id={`${id}-top10`}
          label="Entering or leaving the top 10"
          checked={value.top10}
          onChange={(e) => onChange({ ...value, top10: e.target.checked })}
        />
        <Form.Check
          id={`${id}-features`}
          label="Winning or losing a SERP feature"
          checked={value.features}
          onChange={(e) => onChange({ ...value, features: e.target.checked })}
        />
      </div>
      {problem && (
        <div className="small text-danger mt-1" id={`${id}-move-problem`}>
          {problem}
        </div>
      )}
      <Form.Text muted>
        Sent by email and to your webhooks; never for a check that failed or read too few results.
      </Form.Text>
    </fieldset>
  );
}
