import type { FlowRunStatus } from '@core/flows/flow-api';
import { ROUTES } from '@core/routes';

export const flowHref = (id: string) => `${ROUTES.flows}?id=${encodeURIComponent(id)}`;
export const editFlowHref = (id: string) => `${flowHref(id)}&edit=1`;
export const newFlowHref = () => `${ROUTES.flows}?new=1`;
export const runHref = (runId: string) => `${ROUTES.flows}?run=${encodeURIComponent(runId)}`;

export { DEVICE_NAMES } from '@core/device-names';

/** The colours of a run's status badge. */
export const RUN_STATUS_BADGES: Record<FlowRunStatus, { bg: string; text?: 'dark' }> = {
  queued: { bg: 'secondary' },
  running: { bg: 'info', text: 'dark' },
  done: { bg: 'success' },
  failed: { bg: 'danger' },
  error: { bg: 'warning', text: 'dark' },
};

export const STEP_STATUS_BADGES = {
  done: { bg: 'success' },
  failed: { bg: 'danger' },
  not_run: { bg: 'secondary' },
} as const satisfies Record<string, { bg: string; text?: 'dark' }>;

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
