import Container from 'react-bootstrap/Container';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@core/messages';
import { useLocation } from 'react-router';
import { gateStays, useModals } from '../modals/modal-context';
import { CreateAccountForm } from './create-account-form';
import { CreatePasswordForm } from './create-password-form';
import { SignInForm } from './sign-in-form';

/** Spec 000 §2 modal 2: the full-screen account gate. */
export function AccountGate() {
  const { current, options, close } = useModals();
  const { pathname } = useLocation();
  const content = options.content ?? 'createAccount';
  // Escape closes the gate wherever browser back does (spec 000 §2).
  const closable = !gateStays(pathname);
  return (
    <Modal
      show={current === 'gate'}
      fullscreen
      backdrop="static"
      keyboard={closable}
      onHide={close}
      aria-label="Create an account"
      data-testid="account-gate"
    >
      <Modal.Body className="d-flex align-items-center bg-light">
        <Container style={{ maxWidth: 440 }}>
          {content === 'createAccount' && (
            <p className="lead text-center mb-4" data-testid="gate-message">
              {options.variant === 'keywords'
                ? MESSAGES.createAccountGateKeywords
                : MESSAGES.createAccountGate}
            </p>
          )}
          <div className="bg-white rounded shadow-sm p-4">
            {content === 'createAccount' && <CreateAccountForm />}
            {content === 'signIn' && <SignInForm />}
            {content === 'createPassword' && <CreatePasswordForm />}
          </div>
        </Container>
      </Modal.Body>
    </Modal>
  );
}
