import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { isPaidPlan } from '@core/plans';
import { accountDataApi } from '../../api/account-data';
import { ApiError } from '../../api/api-client';
import { downloadBlob } from '../../app/download-file';
import { useSession } from '../../app/session/session-context';
import { PasswordField } from '../../components/password-field';
import { DeleteAccountWarning } from './delete-account-warning';
import { useAccountDeleted } from './use-account-deleted';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The user's data: a download of all of it, and the deletion of the account. */
export function AccountDataCard() {
  const { session } = useSession();
  const accountDeleted = useAccountDeleted();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  // An account made with Google has no password: an emailed link confirms instead.
  const byLink = session.google;

  const download = useMutation({
    mutationFn: () => accountDataApi.export(session.token),
    onSuccess: ({ blob, fileName }) => downloadBlob(fileName ?? 'speedrank-data.zip', blob),
  });
  const remove = useMutation({
    mutationFn: () => accountDataApi.delete({ password }, session.token),
    onSuccess: ({ message }) => accountDeleted(message),
  });
  const sendLink = useMutation({
    mutationFn: () => accountDataApi.requestDeleteLink(session.token),
  });

  const close = () => {
    setConfirming(false);
    setPassword('');
    remove.reset();
    sendLink.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (byLink) sendLink.mutate();
    else if (password) remove.mutate();
  };

  return (
    <>
      <Card className="mt-4" data-testid="account-data-card">
        <Card.Body>
          <h2 className="h5">Your data</h2>
          <p className="text-muted small mb-3">
            Download everything SpeedRank holds about you (profile, settings, searches, speed tests,
            tracked pages with their history, rank tracking, real-user monitoring sites, webhooks
            and payments) as JSON and CSV files in a zip. Or delete your account and all of it.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="outline-primary"
              onClick={() => download.mutate()}
              disabled={download.isPending}
            >
              {download.isPending ? 'Preparing your data…' : 'Download my data'}
            </Button>
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              Delete my account
            </Button>
          </div>
          {download.isError && (
            <Alert variant="danger" className="mt-3 mb-0">
              {messageOf(download.error)}
            </Alert>
          )}
        </Card.Body>
      </Card>
      <Modal show={confirming} onHide={close} centered aria-labelledby="delete-account-title">
        <Form noValidate onSubmit={onSubmit}>
          <Modal.Header closeButton>
            <Modal.Title id="delete-account-title" as="h2" className="h5">
              Delete your account?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <DeleteAccountWarning subscribed={isPaidPlan(session.planId)} />
            {byLink ? (
              <p>You sign in with Google: we email you a link that confirms the deletion.</p>
            ) : (
              <>
                <PasswordField
                  id="delete-account-password"
                  label="Your password, to confirm"
                  value={password}
                  onChange={setPassword}
                  error={remove.isError ? messageOf(remove.error) : undefined}
                  autoComplete="current-password"
                />
                <p className="small">
                  No password, or forgot it?{' '}
                  <Button
                    variant="link"
                    className="p-0 align-baseline small"
                    onClick={() => sendLink.mutate()}
                    disabled={sendLink.isPending || sendLink.isSuccess}
                  >
                    Email me a link instead
                  </Button>
                </p>
              </>
            )}
            {sendLink.isSuccess && (
              <Alert variant="success" className="mb-0" data-testid="delete-link-sent">
                {sendLink.data.message}
              </Alert>
            )}
            {sendLink.isError && (
              <Alert variant="danger" className="mb-0">
                {messageOf(sendLink.error)}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={
                byLink
                  ? sendLink.isPending || sendLink.isSuccess
                  : remove.isPending || password === ''
              }
            >
              {byLink ? 'Email me a link' : 'Delete my account for good'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
