import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { CHECK_MESSAGES } from '@core/messages/checks';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';
import { CheckDetail } from './check-detail';
import { CheckList } from './check-list';

/**
 * The current workspace's CI checks: the list, newest first, or one check (`?id=`, where
 * the command line's reports link) with each page's figures, budget, change and runs.
 * Nothing here changes anything: a viewer sees all of it.
 */
export function ChecksPage() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Container className="py-4">
      <PageHeader crumb="CI checks" heading={id ? 'CI check' : 'CI checks'} />
      {!signedIn ? (
        <SignInCard
          intro={CHECK_MESSAGES.whatItDoes}
          reason={CHECK_MESSAGES.signedOut}
          testId="checks-signed-out"
        />
      ) : id ? (
        <CheckDetail key={id} id={id} />
      ) : (
        <CheckList />
      )}
    </Container>
  );
}
