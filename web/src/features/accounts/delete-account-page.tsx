import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_DATA_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { accountDataApi } from '../../api/account-data';
import { ApiError } from '../../api/api-client';
import { DeleteAccountWarning } from './delete-account-warning';
import { useAccountDeleted } from './use-account-deleted';

/**
 * Where an emailed deletion link opens: one more confirmation, then the link's token
 * deletes the account, whoever is signed in here (the link is the proof).
 */
export function DeleteAccountPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const accountDeleted = useAccountDeleted();
  const remove = useMutation({
    mutationFn: () => accountDataApi.delete({ token }),
    onSuccess: ({ message }) => accountDeleted(message),
  });

  return (
    <Container className="py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">Delete your account</h1>
      {token ? (
        <>
          <DeleteAccountWarning subscribed />
          {remove.isError && (
            <Alert variant="danger" data-testid="delete-account-error">
              {remove.error instanceof ApiError ? remove.error.message : String(remove.error)}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Delete my account for good
            </Button>
            <Link className="btn btn-secondary" to={ROUTES.home}>
              Keep my account
            </Link>
          </div>
        </>
      ) : (
        <Alert variant="warning">{ACCOUNT_DATA_MESSAGES.linkUnusable}</Alert>
      )}
    </Container>
  );
}
