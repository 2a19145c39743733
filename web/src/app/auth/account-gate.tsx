import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Modal from 'react-bootstrap/Modal';
import { useLocation, useNavigate } from 'react-router';
import { gateMessage } from '@core/gate-copy';
import { GATE_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { gateStays, useModals } from '../modals/modal-context';
import { previousPage } from '../previous-page';
import { useSiteConfig } from '../site-config';
import { CreateAccountForm } from './create-account-form';
import { CreatePasswordForm } from './create-password-form';
import { SignInForm } from './sign-in-form';

/** The gate starts below the header, which stays in view and in use (styles.css). */
function measureHeader() {
  const header = document.querySelector<HTMLElement>('.sr-header');
  document.documentElement.style.setProperty(
    '--sr-header-height',
    `${header?.getBoundingClientRect().bottom ?? 0}px`,
  );
}

/**
 * The account gate over a tool's page: its line fits the tool, the header stays usable
 * above it, and 'Not now' leads back to the page the visitor came from (home without one).
 */
export function AccountGate() {
  const { current, options, close, dismiss } = useModals();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const keywordSources = useSiteConfig()?.keywordSources ?? null;
  const content = options.content ?? 'createAccount';
  // Escape closes the gate wherever browser back does.
  const closable = !gateStays(pathname);
  const show = current === 'gate';

  // A page left through the header takes its gate with it.
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (!show) openedOn.current = null;
    else if (openedOn.current === null) openedOn.current = pathname;
    else if (openedOn.current !== pathname) dismiss();
  }, [show, pathname, dismiss]);

  const leave = () => {
    dismiss();
    const back = previousPage();
    navigate(back && !back.startsWith(pathname) ? back : ROUTES.home);
  };

  return (
    <Modal
      show={show}
      fullscreen
      backdrop="static"
      keyboard={closable}
      onHide={close}
      onEnter={measureHeader}
      className="sr-gate"
      aria-label="Create an account"
      data-testid="account-gate"
    >
      <Modal.Body className="d-flex flex-column bg-light">
        <div className="text-end">
          <Button variant="outline-dark" size="sm" onClick={leave} data-testid="gate-not-now">
            {GATE_MESSAGES.notNow}
          </Button>
        </div>
        <Container className="my-auto py-3" style={{ maxWidth: 440 }}>
          {content === 'createAccount' && (
            <p className="lead text-center mb-4" data-testid="gate-message">
              {gateMessage(options.tool, keywordSources)}
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
