import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { CONFIRMATION_MESSAGES, MESSAGES } from '@core/messages';
import { ApiError } from '../../api/api-client';
import { authApi } from '../../api/auth';
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
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePassword(password);
    setError(problem);
    if (problem) return;
    if (!session.token) {
      setError(MESSAGES.noResetToken);
      return;
    }
    setBusy(true);
    try {
      await authApi.resetPassword(session.token, password);
      setDone(true);
      confirmToUser(CONFIRMATION_MESSAGES.passwordChanged);
      window.setTimeout(() => navigate(originDestination(readOrigin())), 1000);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

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
        <Button type="submit" className="w-100" disabled={busy || done}>
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
