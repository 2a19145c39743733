import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PasswordField } from '../../components/password-field';
import { useModals } from '../modals/modal-context';
import { authApi, authKeys } from '../../api/auth';
import { CheckEmailView } from './check-email-view';
import { validatePassword } from './validation';

/**
 * The create-password form, for legacy accounts without a password. The new
 * password takes effect when the user follows the link emailed to the account's address.
 */
export function CreatePasswordForm() {
  const { options } = useModals();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationKey: authKeys.createPassword,
    mutationFn: (body: { email: string; password: string }) =>
      authApi.createPassword(body.email, body.password),
    onError: (e) => console.error('create password failed', e),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePassword(password);
    setError(problem);
    if (problem || !options.email) return;
    create.mutate({ email: options.email, password });
  };

  if (create.isSuccess) {
    return (
      <CheckEmailView>
        <p className="text-muted">Your new password works once you open that link.</p>
      </CheckEmailView>
    );
  }
  return (
    <Form noValidate onSubmit={onSubmit} data-testid="create-password-form">
      <h2 className="h4 mb-3">Create a password</h2>
      {options.email && <p className="text-muted">for {options.email}</p>}
      <PasswordField
        id="create-password-new"
        label="Password"
        value={password}
        onChange={setPassword}
        error={error}
        showHint
        autoComplete="new-password"
      />
      <Button type="submit" className="w-100">
        CREATE PASSWORD
      </Button>
    </Form>
  );
}
