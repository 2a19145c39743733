import { useState } from 'react';
import { Button } from 'react-bootstrap';

/**
 * A delete that asks once more in place: the first click turns the button into the
 * irreversible action, named with what it takes away, beside a way back.
 */
export function ConfirmDelete({
  label = 'Delete',
  confirmLabel,
  pending,
  onConfirm,
}: {
  label?: string;
  /** Says what goes with it, e.g. "Delete it and its history". */
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="danger" disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </>
  );
}
