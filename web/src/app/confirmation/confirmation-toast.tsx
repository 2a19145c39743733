import { useEffect, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { LiveStatus } from '../../components/live-status';
import { onConfirmation, takeConfirmation } from './pending-confirmation';

/** Long enough to read a sentence twice, short enough not to linger over the page. */
const SHOWN_MS = 6000;

/**
 * The end of an account journey said in a corner: a toast away from the page's controls
 * that hides by itself, and the same words in the page's live region for screen readers
 * (the toast itself is not one, so they hear it once).
 */
export function ConfirmationToast() {
  const [message, setMessage] = useState('');

  useEffect(() => {
    // A moment after mounting: a live region is read only when its words arrive after it.
    const timer = window.setTimeout(() => {
      const kept = takeConfirmation();
      if (kept) setMessage(kept);
    });
    const unsubscribe = onConfirmation(setMessage);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(''), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <>
      <LiveStatus message={message} testId="confirmation-status" />
      {message && (
        <div className="sr-confirmation toast show" data-testid="confirmation-toast">
          <div className="d-flex align-items-start">
            <div className="toast-body text-break">{message}</div>
            <CloseButton
              className="me-2 mt-2"
              aria-label="Close confirmation"
              onClick={() => setMessage('')}
            />
          </div>
        </div>
      )}
    </>
  );
}
