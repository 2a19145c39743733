import Container from 'react-bootstrap/Container';

export function ProPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">SpeedRank Pro</h1>
    </Container>
  );
}
