import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { MESSAGES } from '@core/messages';
import { rankApi, type RankCheckBody, type RankCheckResponse } from '../../app/rank-api';
import { RankResult } from '../../components/rank-result';

type Lookup =
  | { kind: 'searching' }
  | { kind: 'done'; site: string; response: RankCheckResponse }
  | { kind: 'failed'; message: string };

interface Props {
  token: string | null;
  /** The search on screen, with the user's search settings. */
  search: Omit<RankCheckBody, 'url'>;
}

/** Spec 001 §2 'Rank-checker modal': where the user's site ranks in the top 100. */
export function FindYourSite({ token, search }: Props) {
  const [shown, setShown] = useState(false);
  const [url, setUrl] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const site = url.trim();
    if (!site) return;
    setLookup({ kind: 'searching' });
    try {
      setLookup({
        kind: 'done',
        site,
        response: await rankApi.check(token, { ...search, url: site }),
      });
    } catch (error) {
      // Spec 001 §8: a failed lookup is logged; the modal says it could not finish.
      console.error('rank lookup failed', error);
      setLookup({
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <>
      <Form.Check
        type="switch"
        id="find-your-site"
        label="find your site"
        checked={shown}
        onChange={(e) => setShown(e.target.checked)}
        className="mb-2"
      />
      {shown && (
        <Form onSubmit={(e) => void find(e)} className="mb-3" style={{ maxWidth: 480 }}>
          <InputGroup size="sm">
            <Form.Control
              aria-label="Your site"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="submit">find</Button>
          </InputGroup>
        </Form>
      )}
      <Modal show={lookup !== null} onHide={() => setLookup(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {search.searchTerm}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body data-testid="rank-modal">
          {lookup?.kind === 'searching' && (
            <div className="text-center my-3">
              <Spinner size="sm" className="me-2" aria-hidden />
              {MESSAGES.searchingTop100}
            </div>
          )}
          {lookup?.kind === 'done' && <RankResult site={lookup.site} response={lookup.response} />}
          {lookup?.kind === 'failed' && <p className="text-danger mb-0">{lookup.message}</p>}
        </Modal.Body>
      </Modal>
    </>
  );
}
