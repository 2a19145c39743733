import '../zod-jitless';
import { AccountGate } from '../auth/account-gate';
import { SignInModal } from '../auth/sign-in-modal';
import { QueryProvider } from '../query-client';
import { SettingsModal } from '../settings/settings-modal';

/** The app's modals, loaded the first time one opens. */
export function ModalStack() {
  return (
    <QueryProvider>
      <SettingsModal />
      <SignInModal />
      <AccountGate />
    </QueryProvider>
  );
}
