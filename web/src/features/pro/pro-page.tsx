import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { PRO_MESSAGES } from '@core/messages';
import { proDemoBodySchema } from '@core/schemas/pro';
import { ApiError } from '../../api/api-client';
import { EmailField } from '../../components/email-field';
import { useRequestDemo } from './pro-api';

/**
 * The Pro teaser page asks for an email address for a demo. The form checks the address
 * with the route's own schema; a 400 (the same rule, failed on the server) shows the same
 * message, while any other failure is only logged: the user sees no message.
 */
export function ProPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const demo = useRequestDemo();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = proDemoBodySchema.safeParse({ emailAddress: email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    demo.mutate(parsed.data, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          setError(PRO_MESSAGES.emailInvalid);
        } else {
          console.error('pro demo request failed', failure);
        }
      },
    });
  };

  return (
    <Container className="py-5" style={{ maxWidth: '40rem' }}>
      <h1 className="h2">SpeedRank Pro</h1>
      <p className="lead">{PRO_MESSAGES.paidLaunch}</p>
      <p>
        Track your rankings and site speed against your competitors, with more searches, more
        speed-test samples and exports. Leave your email and we will show you a demo.
      </p>
      <Card className="shadow-sm">
        <Card.Body>
          {demo.isSuccess ? (
            <p className="h4 text-success text-center my-3" role="status">
              {PRO_MESSAGES.success}
            </p>
          ) : (
            <Form noValidate onSubmit={onSubmit} data-testid="pro-demo-form">
              <EmailField id="pro-demo-email" value={email} onChange={setEmail} error={error} />
              <Button type="submit" className="w-100" disabled={demo.isPending}>
                Request a demo
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
