import { ACCOUNT_DATA_MESSAGES } from '@core/messages';

/** What a deletion takes away for good, said before the user confirms it. */
export function DeleteAccountWarning({ subscribed }: { subscribed: boolean }) {
  return (
    <>
      <p>This deletes your SpeedRank account at once and for good. You lose:</p>
      <ul data-testid="delete-account-losses">
        {ACCOUNT_DATA_MESSAGES.whatIsLost.map((loss) => (
          <li key={loss}>{loss}</li>
        ))}
      </ul>
      {subscribed && (
        <p className="fw-semibold" data-testid="delete-account-subscription">
          {ACCOUNT_DATA_MESSAGES.subscriptionCancelled}
        </p>
      )}
      <p className="text-muted small">
        Download your data first if you want to keep a copy. We email you a confirmation once the
        account is gone.
      </p>
    </>
  );
}
