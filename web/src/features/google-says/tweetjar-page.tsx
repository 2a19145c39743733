import Container from 'react-bootstrap/Container';

export function TweetjarPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">TweetJar</h1>
    </Container>
  );
}
