import { useMutation } from '@tanstack/react-query';
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
import { authApi, authKeys, isAuthResponse } from '../../api/auth';
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

/** A legacy account's new password is too short: said under the password field. */
class FieldErrors extends Error {
  constructor(readonly errors: Errors) {
    super('invalid field');
  }
}

function errorCode(error: unknown): { status: number; message: string; google: boolean } | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { google?: unknown } | null;
  return { status: error.status, message: error.message, google: body?.google === true };
}

/** What a failed sign-in says under its fields; nothing for a failure that is only logged. */
function signInErrors(error: unknown): Errors {
  if (error instanceof FieldErrors) return error.errors;
  const code = errorCode(error);
  if (!code) return {};
  if (code.status === 404 || code.message === AUTH_CODES.emailNotFound)
    return { email: MESSAGES.emailNotOnFile };
  if (code.status === 409 && code.message === AUTH_CODES.passwordIncorrect)
    return code.google
      ? { email: MESSAGES.useGoogleSignIn }
      : { password: MESSAGES.passwordIncorrect };
  if (code.status === 429) return { email: code.message };
  return {};
}

function logSignInFailure(error: unknown) {
  if (error instanceof FieldErrors) return;
  const code = errorCode(error);
  if (!code) console.error(error);
  else if (Object.keys(signInErrors(error)).length === 0)
    console.error('sign-in failed', code.status, code.message);
}

type SignInResult = 'signedIn' | 'confirmEmail' | 'createPassword' | 'notSignedIn';

/** The sign-in form, with its error answers and the flow for legacy users without a password. */
export function SignInForm() {
  const { setContent, open, dismiss } = useModals();
  const { searchTerm } = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<Errors>({});

  const goTo = (path: string) => {
    saveOrigin({ originUrl: location.pathname, searchKeyword: searchTerm, email: email.trim() });
    dismiss();
    navigate(path);
  };

  /** A legacy account (no password yet): create one now, or by the emailed link. */
  const legacyFlow = async (address: string, secret: string): Promise<SignInResult> => {
    if (!secret) {
      dismiss();
      open('gate', { content: 'createPassword', email: address });
      return 'createPassword';
    }
    if (!legacyPasswordUsable(secret)) throw new FieldErrors({ password: MESSAGES.passwordLength });
    try {
      const result = await authApi.register({ email: address, password: secret });
      if (!isAuthResponse(result)) return 'confirmEmail';
      completeSignIn(result);
      return 'signedIn';
    } catch (error) {
      console.error(error);
      return 'notSignedIn';
    }
  };

  const signIn = useMutation({
    mutationKey: authKeys.login,
    mutationFn: async (body: { email: string; password: string }): Promise<SignInResult> => {
      try {
        completeSignIn(await authApi.login(body.email, body.password));
        return 'signedIn';
      } catch (error) {
        const code = errorCode(error);
        if (code?.status === 409 && code.message === AUTH_CODES.oldUser)
          return legacyFlow(body.email, body.password);
        throw error;
      }
    },
    onError: logSignInFailure,
  });

  const googleSignIn = useMutation({
    mutationKey: authKeys.googleLogin,
    mutationFn: (credential: string) => authApi.googleLogin(credential),
    onSuccess: (auth) => completeSignIn(auth),
    onError: (error) => {
      if (errorCode(error)?.status !== 404) console.error('Login Failed', error);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const emailError = validateEmail(email, MESSAGES.emailInvalidSignIn);
    setInvalid({ email: emailError });
    googleSignIn.reset();
    signIn.reset();
    if (emailError) return;
    signIn.mutate({ email: email.trim(), password });
  };

  const onGoogle = (credential: string) => {
    signIn.reset();
    googleSignIn.mutate(credential);
  };

  // What the last attempt answered, else what the fields' own check found.
  const errors: Errors = signIn.isError
    ? signInErrors(signIn.error)
    : errorCode(googleSignIn.error)?.status === 404
      ? { email: MESSAGES.emailNotOnFile }
      : invalid;
  const confirmEmail = signIn.data === 'confirmEmail';

  if (confirmEmail) return <CheckEmailView />;

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="sign-in-form">
      <h2 className="h4 mb-1">Sign in to SpeedRank</h2>
      <p className="text-muted">Welcome back! Sign in to see your remaining searches.</p>
      <GoogleButton text="signin_with" onCredential={onGoogle} />
      <EmailField id="sign-in-email" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        id="sign-in-password"
        label="Password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <Button type="submit" className="w-100" disabled={signIn.isPending}>
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
