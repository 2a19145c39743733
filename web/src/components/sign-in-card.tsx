import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useModals } from '../app/modals/modal-context';

/**
 * What a signed-in-only tool shows a visitor: what it does, why it needs an account, and
 * the buttons that open the sign-in modal on either of its forms.
 */
export function SignInCard({
  intro,
  reason,
  testId,
}: {
  intro: string;
  reason: string;
  testId: string;
}) {
  const { open } = useModals();
  return (
    <Card className="shadow-sm" data-testid={testId}>
      <Card.Body>
        <p className="lead">{intro}</p>
        <p>{reason}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={() => open('signIn', { content: 'signIn' })}>Sign in</Button>
          <Button
            variant="outline-primary"
            onClick={() => open('signIn', { content: 'createAccount' })}
          >
            Create a free account
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
