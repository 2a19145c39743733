import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_CODES, MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../api/api-client';
import { useModals } from '../modals/modal-context';
import { useSettings } from '../settings/settings-context';
import { authApi, isAuthResponse } from '../../api/auth';
import { CheckEmailView } from './check-email-view';
import { GoogleButton } from './google-button';
import { saveOrigin } from './origin';
import { useCompleteSignIn } from './use-complete-sign-in';
import { legacyPasswordUsable, validateEmail } from './validation';
import { EmailField } from '../../components/email-field';

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
}

function errorCode(error: unknown): { status: number; message: string; google: boolean } | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { google?: unknown } | null;
  return { status: error.status, message: error.message, google: body?.google === true };
}

/** The sign-in form, with its error answers and the flow for legacy users without a password. */
export function SignInForm() {
  const { setContent, open, dismiss } = useModals();
  const { searchTerm } = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState(false);

  const goTo = (path: string) => {
    saveOrigin({ originUrl: location.pathname, searchKeyword: searchTerm, email: email.trim() });
    dismiss();
    navigate(path);
  };

  const legacyFlow = async () => {
    if (!password) {
      dismiss();
      open('gate', { content: 'createPassword', email: email.trim() });
      return;
    }
    if (!legacyPasswordUsable(password)) {
      setErrors({ password: MESSAGES.passwordLength });
      return;
    }
    const result = await authApi.register({ email: email.trim(), password });
    if (isAuthResponse(result)) completeSignIn(result);
    else setConfirmEmail(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const emailError = validateEmail(email, MESSAGES.emailInvalidSignIn);
    setErrors({ email: emailError });
    if (emailError) return;
    setBusy(true);
    try {
      completeSignIn(await authApi.login(email.trim(), password));
    } catch (error) {
      const code = errorCode(error);
      if (!code) console.error(error);
      else if (code.status === 404 || code.message === AUTH_CODES.emailNotFound) {
        setErrors({ email: MESSAGES.emailNotOnFile });
      } else if (code.status === 409 && code.message === AUTH_CODES.passwordIncorrect) {
        setErrors(
          code.google
            ? { email: MESSAGES.useGoogleSignIn }
            : { password: MESSAGES.passwordIncorrect },
        );
      } else if (code.status === 409 && code.message === AUTH_CODES.oldUser) {
        await legacyFlow().catch((e: unknown) => console.error(e));
      } else if (code.status === 429) {
        setErrors({ email: code.message });
      } else {
        console.error('sign-in failed', code.status, code.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async (credential: string) => {
    try {
      completeSignIn(await authApi.googleLogin(credential));
    } catch (error) {
      const code = errorCode(error);
      if (code?.status === 404) setErrors({ email: MESSAGES.emailNotOnFile });
      else console.error('Login Failed', error);
    }
  };

  if (confirmEmail) return <CheckEmailView />;

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="sign-in-form">
      <h2 className="h4 mb-1">Sign in to SpeedRank</h2>
      <p className="text-muted">Welcome back! Sign in to see your remaining searches.</p>
      <GoogleButton text="signin_with" onCredential={(c) => void onGoogle(c)} />
      <EmailField id="sign-in-email" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        id="sign-in-password"
        label="Password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <Button type="submit" className="w-100" disabled={busy}>
        SIGN IN
      </Button>
      <p className="small mt-3 mb-2">
        Forgot your password?{' '}
        <Button
          variant="link"
          className="p-0 align-baseline small"
          onClick={() => goTo(ROUTES.resetPasswordRequest)}
        >
          Reset it
        </Button>
      </p>
      <Button
        variant="outline-secondary"
        className="w-100 mb-3"
        onClick={() => goTo(ROUTES.secureLink)}
      >
        get a secure link to sign in
      </Button>
      <p className="text-center mb-0">
        New here?{' '}
        <Button
          variant="link"
          className="p-0 align-baseline"
          onClick={() => setContent('createAccount')}
        >
          Create an account here
        </Button>
      </p>
    </Form>
  );
}
