import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { PageHeader } from '../../components/page-header';

/** The /tweetjar landing page, which links to Google Says. */
export function TweetjarPage() {
  return (
    <Container className="py-4">
      <PageHeader crumb="TweetJar" heading="TweetJar" />
      <p className="lead">Tools that search what people post on Twitter.</p>
      <Card className="shadow-sm" style={{ maxWidth: '32rem' }}>
        <Card.Body>
          <Card.Title as="h2" className="h5">
            Google Says
          </Card.Title>
          <Card.Text className="text-muted">
            Read the latest posts of Google&rsquo;s search team on an SEO topic such as core web
            vitals, indexing or canonicals.
          </Card.Text>
          <Link to={ROUTES.googleSays} className="btn btn-primary">
            Open Google Says
          </Link>
        </Card.Body>
      </Card>
    </Container>
  );
}
