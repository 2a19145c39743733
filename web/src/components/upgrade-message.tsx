import { Link } from 'react-router';
import { ROUTES } from '@core/routes';

const UPGRADE = 'Upgrade here.';

/** A limit message, its closing 'Upgrade here.' a link to the pricing page. */
export function UpgradeMessage({ text }: { text: string }) {
  if (!text.endsWith(UPGRADE)) return <>{text}</>;
  return (
    <>
      {text.slice(0, -UPGRADE.length)}
      <Link to={ROUTES.pricing}>{UPGRADE}</Link>
    </>
  );
}
