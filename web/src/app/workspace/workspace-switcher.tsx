import { useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { ROLE_LABELS } from '@core/workspaces/roles';
import { useCurrentWorkspace, useWorkspaces } from '../../api/workspaces';
import { useChooseWorkspace } from './use-choose-workspace';
import { currentWorkspaceId } from './workspace-param';

/**
 * The header's workspace: which one the app acts in, and a choice of the others the user
 * belongs to. An address naming a workspace that is not (or no longer) theirs falls back
 * to the personal one.
 */
export function WorkspaceSwitcher() {
  const { data: workspaces, isFetching } = useWorkspaces();
  const choose = useChooseWorkspace();
  const named = currentWorkspaceId();
  const personal = workspaces?.find((w) => w.personal);
  const current = useCurrentWorkspace();
  // Judged on a fresh list only: a workspace just joined is not in the one cached before.
  const unknown = Boolean(workspaces && named && !current && !isFetching);
  useEffect(() => {
    if (unknown) void choose(null);
  }, [unknown, choose]);
  if (!workspaces || !current || workspaces.length < 2) {
    return (
      <Link to={ROUTES.workspaces} className="nav-link" data-testid="workspace-link">
        Workspaces
      </Link>
    );
  }
  return (
    <div className="d-flex align-items-center gap-2 sr-workspace-switcher">
      <label htmlFor="sr-workspace" className="visually-hidden">
        Workspace
      </label>
      <select
        id="sr-workspace"
        className="form-select form-select-sm"
        value={current.id}
        data-testid="workspace-switcher"
        onChange={(event) =>
          void choose(event.target.value === personal?.id ? null : event.target.value)
        }
      >
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
            {w.personal ? '' : ` (${ROLE_LABELS[w.role]})`}
          </option>
        ))}
      </select>
      <Link to={ROUTES.workspaces} className="nav-link text-nowrap" data-testid="workspace-link">
        Manage
      </Link>
    </div>
  );
}
