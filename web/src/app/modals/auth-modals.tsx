import { AccountGate } from '../auth/account-gate';
import { SignInModal } from '../auth/sign-in-modal';

/** The sign-in modal and the account gate, loaded the first time either opens. */
export function AuthModals() {
  return (
    <>
      <SignInModal />
      <AccountGate />
    </>
  );
}
