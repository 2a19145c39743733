import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { REPORT_MESSAGES as M } from '@core/messages/reports';
import { useReportSubscription, useSubscribeToReport } from '../../api/reports';
import { useSession } from '../../app/session/session-context';

/** The member's own choice of the weekly email, saved as it is switched. */
export function ReportSubscription() {
  const { session } = useSession();
  const subscription = useReportSubscription();
  const subscribe = useSubscribeToReport();
  // The switch follows a click at once, until the server's answer replaces what it was over.
  const [choice, setChoice] = useState<{ weekly: boolean; over: boolean | undefined } | null>(null);
  const saved = subscription.data?.weekly;
  const checked = choice !== null && choice.over === saved ? choice.weekly : (saved ?? false);
  return (
    <div data-testid="report-subscription">
      <Form.Check
        type="switch"
        id="report-weekly-email"
        label={M.subscribe}
        checked={checked}
        disabled={!subscription.isSuccess || subscribe.isPending}
        onChange={(e) => {
          const weekly = e.target.checked;
          setChoice({ weekly, over: saved });
          subscribe.mutate({ weekly }, { onError: () => setChoice(null) });
        }}
        aria-describedby="report-weekly-email-to"
        className="mb-0"
      />
      <div id="report-weekly-email-to" className="small text-muted">
        To {session.email}
      </div>
      {subscription.isError && (
        <div className="small text-danger" role="alert">
          {subscription.error.message}{' '}
          <Button
            size="sm"
            variant="link"
            className="p-0 align-baseline"
            onClick={() => void subscription.refetch()}
          >
            Try again
          </Button>
        </div>
      )}
      {subscribe.isError && (
        <div className="small text-danger" role="alert" data-testid="report-subscription-error">
          Not saved: {subscribe.error.message}
        </div>
      )}
    </div>
  );
}
