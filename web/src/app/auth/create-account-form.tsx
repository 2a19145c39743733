import { useMutation } from '@tanstack/react-query';
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
import { authApi, authKeys, isAuthResponse } from '../../api/auth';
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

/** What a failed registration says: under the email for a taken address, else below the form. */
function registerErrors(error: unknown): Errors {
  if (error instanceof ApiError && error.status === 409)
    return { email: MESSAGES.emailAlreadyRegistered };
  return { form: error instanceof ApiError ? error.message : String(error) };
}

/** The create-account form: email and password, or a Google sign-up. */
export function CreateAccountForm() {
  const { setContent } = useModals();
  const { searchTerm, setSearchTerm } = useSettings();
  const completeSignIn = useCompleteSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<Errors>({});

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

  const register = useMutation({
    mutationKey: authKeys.register,
    mutationFn: async (body: { email: string; name: string; password: string }) => {
      const result = await authApi.register(body);
      if (!isAuthResponse(result)) return 'confirmEmail' as const;
      await subscribe(result.email, result.name);
      welcome(result);
      return 'registered' as const;
    },
  });

  const googleRegister = useMutation({
    mutationKey: authKeys.googleRegister,
    mutationFn: async (credential: string) => {
      const auth = await authApi.googleRegister(credential);
      await subscribe(auth.email, auth.name);
      welcome(auth);
    },
    onError: async (error, credential) => {
      if (!(error instanceof ApiError && error.status === 409)) {
        console.error('Login Failed', error);
        return;
      }
      // Already registered: the duplicate message shows, and a Google sign-in is tried.
      try {
        completeSignIn(await authApi.googleLogin(credential));
      } catch (loginError) {
        console.error('Login Failed', loginError);
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      email: validateEmail(email, MESSAGES.emailInvalidCreate),
      password: validatePassword(password),
    };
    setInvalid(next);
    register.reset();
    googleRegister.reset();
    if (next.email || next.password) return;
    register.mutate({ email: email.trim(), name: name.trim(), password });
  };

  const onGoogle = (credential: string) => {
    register.reset();
    googleRegister.mutate(credential);
  };

  const googleTaken =
    googleRegister.error instanceof ApiError && googleRegister.error.status === 409;
  // What the last attempt answered, else what the fields' own check found.
  const errors: Errors = register.isError
    ? registerErrors(register.error)
    : googleTaken
      ? { email: MESSAGES.emailAlreadyRegistered }
      : invalid;
  const confirmEmail = register.data === 'confirmEmail';

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
      <Button type="submit" className="w-100" disabled={register.isPending}>
        CREATE ACCOUNT
      </Button>
      <GoogleButton text="signup_with" onCredential={onGoogle} />
      <p className="text-center mt-3 mb-0">
        Already have an account?{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={() => setContent('signIn')}>
          Sign In
        </Button>
      </p>
    </Form>
  );
}
