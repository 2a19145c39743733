import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import type { Flow } from '@core/flows/flow-api';
import { plannedStepsOf } from '@core/flows/flow-result';
import { FLOW_DEVICES, FLOW_MAX_STEPS } from '@core/flows/flow-schema';
import { FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { ROUTES } from '@core/routes';
import { ApiError } from '../../api/api-client';
import { useWorkspaceAllows } from '../../api/workspaces';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import {
  blankStep,
  draftOf,
  draftProblems,
  insideTimespan,
  moveStep,
  parsedBody,
  problemsOf,
  serverIssues,
  type DraftStep,
  type FlowDraft,
  type FlowProblems,
} from './flow-draft';
import { DEVICE_NAMES, flowHref, runHref } from './flow-format';
import { FlowNotFound } from './flow-not-found';
import { useSecrets } from '../../api/flows';
import { useFlow, useFlowMutations } from './flows-api';
import { StepCard } from './step-card';

/** Reads a Recorder export and fills the editor with what the server made of it. */
function RecorderImport({ onImported }: { onImported(draft: FlowDraft, notes: string[]): void }) {
  const { importRecorder } = useFlowMutations();
  const [problem, setProblem] = useState<string>();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Chosen again, the same file is read again.
    input.value = '';
    if (!file) return;
    setProblem(undefined);
    let recording: unknown;
    try {
      recording = JSON.parse(await file.text());
    } catch {
      setProblem(SAYS.importInvalidJson);
      return;
    }
    importRecorder.mutate(recording, {
      onSuccess: (imported) =>
        onImported(
          { name: imported.name, device: imported.device, steps: imported.steps.map(draftOf) },
          imported.notes,
        ),
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <Form.Group controlId="flow-recorder-file" className="mb-0">
      <Form.Label className="fw-semibold">Import a Recorder file</Form.Label>
      <Form.Text as="p" id="flow-recorder-help" className="mt-0 mb-2">
        {SAYS.importIntro}
      </Form.Text>
      <Form.Control
        type="file"
        size="sm"
        accept=".json,application/json"
        aria-describedby="flow-recorder-help"
        disabled={importRecorder.isPending}
        onChange={(e) => void onFile(e as ChangeEvent<HTMLInputElement>)}
      />
      {importRecorder.isPending && (
        <div className="small mt-2" role="status">
          <Spinner size="sm" aria-hidden /> Importing…
        </div>
      )}
      {problem && (
        <Alert variant="danger" className="py-2 mt-2 mb-0 small" data-testid="import-error">
          {problem}
        </Alert>
      )}
    </Form.Group>
  );
}

/**
 * A flow's editor: its name, device and steps, each with the fields of its kind. The schema
 * the server judges with judges the draft first; once a save was tried it judges every change,
 * each message beside the step (and field) it names.
 */
function FlowEditor({ flowId, initial }: { flowId?: string; initial: FlowDraft }) {
  const navigate = useNavigate();
  const allows = useWorkspaceAllows();
  const { create, update, startRun } = useFlowMutations();
  const secrets = useSecrets();
  const secretNames = secrets.data?.secrets.map((s) => s.name) ?? [];
  const [draft, setDraftState] = useState(initial);
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FlowProblems | null>(null);
  const [error, setError] = useState<string>();
  const [imported, setImported] = useState<{ steps: number; notes: string[] } | null>(null);
  const [focusStep, setFocusStep] = useState<string | null>(null);
  const pending = create.isPending || update.isPending || startRun.isPending;

  useEffect(() => {
    if (focusStep) document.getElementById(`${focusStep}-kind`)?.focus();
  }, [focusStep]);

  const setDraft = (next: (draft: FlowDraft) => FlowDraft) => {
    setDraftState(next);
    setFromServer(null);
  };
  const setSteps = (next: (steps: DraftStep[]) => DraftStep[]) =>
    setDraft((d) => ({ ...d, steps: next(d.steps) }));
  const problems = (tried ? draftProblems(draft) : null) ?? fromServer;
  const body = parsedBody(draft);
  const measured = body ? plannedStepsOf(body.steps).length : null;
  const indented = insideTimespan(draft.steps.map((step) => step.kind));

  const save = async (andRun: boolean) => {
    setTried(true);
    setError(undefined);
    if (!body) return;
    let id: string;
    try {
      id = flowId
        ? (await update.mutateAsync({ id: flowId, body })).id
        : (await create.mutateAsync(body)).id;
    } catch (failure) {
      const issues = failure instanceof ApiError ? serverIssues(failure.message) : null;
      if (issues) setFromServer(problemsOf(issues));
      else setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    if (!andRun) {
      void navigate(flowHref(id));
      return;
    }
    try {
      const { runId } = await startRun.mutateAsync(id);
      void navigate(runHref(runId));
    } catch (failure) {
      // Saved all the same: the flow's view says why it did not run.
      const why = failure instanceof Error ? failure.message : String(failure);
      void navigate(flowHref(id), { state: { notice: SAYS.savedRunRefused(why) } });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  const addStep = () => {
    const step = blankStep(draft.steps.length === 0 ? 'navigate' : 'click');
    setSteps((steps) => [...steps, step]);
    setFocusStep(step.id);
  };

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="flow-editor">
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Form.Group controlId="flow-name" className="mb-3">
            <Form.Label className="fw-semibold">Name</Form.Label>
            <Form.Control
              value={draft.name}
              placeholder="Sign in and add to cart"
              isInvalid={Boolean(problems?.name.length)}
              aria-describedby={problems?.name.length ? 'flow-name-problem' : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
            {problems?.name.map((message) => (
              <div
                key={message}
                id="flow-name-problem"
                className="invalid-feedback d-block"
                data-testid="field-problem"
              >
                {message}
              </div>
            ))}
          </Form.Group>
          <fieldset>
            <legend className="fw-semibold fs-6 mb-1">Device</legend>
            {FLOW_DEVICES.map((device) => (
              <Form.Check
                inline
                key={device}
                type="radio"
                name="flow-device"
                id={`flow-device-${device}`}
                label={DEVICE_NAMES[device]}
                checked={draft.device === device}
                onChange={() => setDraft((d) => ({ ...d, device }))}
              />
            ))}
          </fieldset>
        </Card.Body>
      </Card>

      <Card className="shadow-sm mb-3">
        <Card.Body>
          <RecorderImport
            onImported={(next, notes) => {
              setDraft((d) => ({ ...next, name: next.name || d.name }));
              setImported({ steps: next.steps.length, notes });
              setTried(false);
            }}
          />
          {imported && (
            <Alert variant="info" className="py-2 mt-3 mb-0 small" data-testid="import-notes">
              <p className={imported.notes.length ? 'mb-1' : 'mb-0'}>
                {SAYS.importDone(imported.steps)}
              </p>
              {imported.notes.length > 0 && (
                <ul className="mb-0 ps-3">
                  {imported.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
        </Card.Body>
      </Card>

      <section aria-labelledby="flow-steps-title" className="mb-3">
        <h2 id="flow-steps-title" className="h5">
          Steps
        </h2>
        {problems?.steps.map((message) => (
          <p key={message} className="small text-danger" data-testid="steps-problem">
            {message}
          </p>
        ))}
        <ol className="list-unstyled mb-2" data-testid="flow-steps">
          {draft.steps.map((step, index) => (
            <StepCard
              key={step.id}
              step={step}
              index={index}
              count={draft.steps.length}
              inTimespan={indented[index] ?? false}
              problems={problems?.byStep.get(index) ?? []}
              secrets={secretNames}
              onChange={(patch) =>
                setSteps((steps) => steps.map((s) => (s.id === step.id ? { ...s, ...patch } : s)))
              }
              onMove={(by) => {
                setSteps((steps) => moveStep(steps, index, by));
                setFocusStep(null);
              }}
              onRemove={() => setSteps((steps) => steps.filter((s) => s.id !== step.id))}
            />
          ))}
        </ol>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={draft.steps.length >= FLOW_MAX_STEPS}
          onClick={addStep}
        >
          Add a step
        </Button>
        <span className="small text-muted ms-2">
          {draft.steps.length} of {FLOW_MAX_STEPS} steps
        </span>
      </section>

      {problems?.other.map((message) => (
        <Alert key={message} variant="danger" className="py-2">
          {message}
        </Alert>
      ))}
      {problems && problems.count > 0 && (
        <Alert variant="danger" className="py-2" data-testid="flow-problems">
          {SAYS.problems(problems.count)}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="py-2" data-testid="flow-save-error">
          {error}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button type="submit" disabled={pending}>
          Save
        </Button>
        {allows(FLOWS.startRun) && (
          <Button variant="outline-primary" disabled={pending} onClick={() => void save(true)}>
            Save and run once
          </Button>
        )}
        <Link to={flowId ? flowHref(flowId) : ROUTES.flows} className="btn btn-outline-secondary">
          Cancel
        </Link>
        {pending && <Spinner size="sm" role="status" aria-label="Saving" />}
      </div>
      {measured !== null && allows(FLOWS.startRun) && (
        <p className="small text-muted mt-2 mb-0" data-testid="flow-charge">
          Run once: {SAYS.runCharge(measured)}
        </p>
      )}
    </Form>
  );
}

const draftOfFlow = (flow: Flow): FlowDraft => ({
  name: flow.name,
  device: flow.device,
  steps: flow.steps.map(draftOf),
});

/** A new flow: one step to start from, opening a page, as every flow does. */
export function NewFlow() {
  const allows = useWorkspaceAllows();
  if (!allows(FLOWS.createFlow)) return <ReadOnlyNotice sees={SAYS.readOnlySees} />;
  return (
    <>
      <p>
        <Link to={ROUTES.flows}>← All flows</Link>
      </p>
      <FlowEditor initial={{ name: '', device: 'mobile', steps: [blankStep('navigate')] }} />
    </>
  );
}

/** A saved flow in the editor, once loaded. */
export function EditFlow({ id }: { id: string }) {
  const allows = useWorkspaceAllows();
  const flow = useFlow(id);
  if (!allows(FLOWS.updateFlow)) return <ReadOnlyNotice sees={SAYS.readOnlySees} />;
  return (
    <>
      <p>
        <Link to={flowHref(id)}>← Back to the flow</Link>
      </p>
      {flow.isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner size="sm" aria-hidden /> Loading the flow…
        </div>
      ) : flow.isError ? (
        <FlowNotFound error={flow.error} />
      ) : (
        <FlowEditor flowId={id} initial={draftOfFlow(flow.data)} />
      )}
    </>
  );
}
