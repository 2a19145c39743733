import { WORKSPACE_MESSAGES } from '@core/messages/workspaces';

/** Where a viewer would find the controls their role does not give: why they are not there. */
export function ReadOnlyNotice({ sees }: { sees: string }) {
  return (
    <p className="text-muted" data-testid="read-only">
      {WORKSPACE_MESSAGES.readOnly(sees)}
    </p>
  );
}
