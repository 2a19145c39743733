import Modal from 'react-bootstrap/Modal';
import { useModals } from '../modals/modal-context';
import { CreateAccountForm } from './create-account-form';
import { SignInForm } from './sign-in-form';

/** The sign-in modal: sign in or create an account, toggled from within. */
export function SignInModal() {
  const { current, options, close } = useModals();
  return (
    <Modal show={current === 'signIn'} onHide={close} centered aria-label="Sign in">
      <Modal.Header closeButton className="border-0 pb-0" />
      <Modal.Body className="px-4 pb-4">
        {options.content === 'createAccount' ? <CreateAccountForm /> : <SignInForm />}
      </Modal.Body>
    </Modal>
  );
}
