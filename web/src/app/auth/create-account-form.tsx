import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CONFIRMATION_MESSAGES, MESSAGES } from '@core/messages';
import type { AuthResponse } from '@core/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../api/api-client';
import { useModals } from '../modals/modal-context';
import { useSettings } from '../settings/settings-context';
import { journeyStore } from '../storage';
import { authApi, isAuthResponse } from '../../api/auth';
import { CheckEmailView } from './check-email-view';
import { GoogleButton } from './google-button';
import { useCompleteSignIn } from './use-complete-sign-in';
import { validateEmail, validatePassword } from './validation';
import { EmailField } from '../../components/email-field';

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
  form?: string | undefined;
}

/** The create-account form: email and password, or a Google sign-up. */
export function CreateAccountForm() {
  const { setContent } = useModals();
  const { searchTerm, setSearchTerm } = useSettings();
  const completeSignIn = useCompleteSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState(false);

  const subscribe = async (emailAddress: string, firstName: string) => {
    try {
      await authApi.subscribeEmail({ emailAddress, firstName, searchTerm });
      journeyStore.setEmailSubscribed(true);
      setSearchTerm('');
    } catch (error) {
      console.error('email subscribe failed', error);
    }
  };

  const welcome = (auth: AuthResponse) =>
    completeSignIn(auth, CONFIRMATION_MESSAGES.registered(auth.name || auth.email));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      email: validateEmail(email, MESSAGES.emailInvalidCreate),
      password: validatePassword(password),
    };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const result = await authApi.register({ email: email.trim(), name: name.trim(), password });
      if (isAuthResponse(result)) {
        await subscribe(result.email, result.name);
        welcome(result);
      } else {
        setConfirmEmail(true);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setErrors({ email: MESSAGES.emailAlreadyRegistered });
      } else {
        setErrors({ form: error instanceof ApiError ? error.message : String(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async (credential: string) => {
    try {
      const auth = await authApi.googleRegister(credential);
      await subscribe(auth.email, auth.name);
      welcome(auth);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Already registered: show the duplicate message, then try a Google sign-in.
        setErrors({ email: MESSAGES.emailAlreadyRegistered });
        try {
          completeSignIn(await authApi.googleLogin(credential));
        } catch (loginError) {
          console.error('Login Failed', loginError);
        }
      } else {
        console.error('Login Failed', error);
      }
    }
  };

  if (confirmEmail) return <CheckEmailView />;

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="create-account-form">
      <h2 className="h4 mb-3">Create your free account</h2>
      <Form.Group className="mb-3" controlId="create-name">
        <Form.Label>Name (optional)</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </Form.Group>
      <EmailField id="create-email" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        id="create-password"
        label="Password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        showHint
        autoComplete="new-password"
      />
      {errors.form && <div className="text-danger small mb-2">{errors.form}</div>}
      <Button type="submit" className="w-100" disabled={busy}>
        CREATE ACCOUNT
      </Button>
      <GoogleButton text="signup_with" onCredential={(c) => void onGoogle(c)} />
      <p className="text-center mt-3 mb-0">
        Already have an account?{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={() => setContent('signIn')}>
          Sign In
        </Button>
      </p>
    </Form>
  );
}
