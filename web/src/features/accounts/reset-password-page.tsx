import { Check } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { CONFIRMATION_MESSAGES, MESSAGES } from '@core/messages';
import { ApiError } from '../../api/api-client';
import { authApi, authKeys } from '../../api/auth';
import { originDestination, readOrigin } from '../../app/auth/origin';
import { validatePassword } from '../../app/auth/validation';
import { confirmToUser } from '../../app/confirmation/pending-confirmation';
import { useSession } from '../../app/session/session-context';
import { PasswordField } from '../../components/password-field';

/** A new password, after a reset link; then the user goes back to the page they came from. */
export function ResetPasswordPage() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const reset = useMutation({
    mutationKey: authKeys.resetPassword,
    mutationFn: (body: { token: string; password: string }) =>
      authApi.resetPassword(body.token, body.password),
    onSuccess: () => {
      confirmToUser(CONFIRMATION_MESSAGES.passwordChanged);
      window.setTimeout(() => navigate(originDestination(readOrigin())), 1000);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePassword(password);
    setInvalid(problem);
    reset.reset();
    if (problem) return;
    if (!session.token) {
      setInvalid(MESSAGES.noResetToken);
      return;
    }
    reset.mutate({ token: session.token, password });
  };

  const error = reset.isError
    ? reset.error instanceof ApiError
      ? reset.error.message
      : String(reset.error)
    : invalid;
  const done = reset.isSuccess;

  return (
    <Container className="py-5" style={{ maxWidth: 480 }}>
      <Form noValidate onSubmit={onSubmit}>
        <h1 className="h3 mb-3">Set a new password</h1>
        {session.email && <p className="text-muted">for {session.email}</p>}
        <PasswordField
          id="reset-new-password"
          label="New password"
          value={password}
          onChange={setPassword}
          error={error}
          showHint
          autoComplete="new-password"
        />
        <Button type="submit" className="w-100" disabled={reset.isPending || done}>
          {done ? (
            <Check size="1.25em" role="img" aria-label="Password saved" />
          ) : (
            'Save new password'
          )}
        </Button>
      </Form>
    </Container>
  );
}
