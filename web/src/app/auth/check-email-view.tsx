import { Mail } from 'lucide-react';
import { MESSAGES } from '@core/messages';

/** What the user sees once a link was emailed. */
export function CheckEmailView({ children }: { children?: React.ReactNode }) {
  return (
    <div className="text-center py-3" data-testid="check-email">
      <Mail size={48} className="mb-2 text-primary" />
      <h2 className="h4">{MESSAGES.checkYourEmail}</h2>
      {children}
    </div>
  );
}
