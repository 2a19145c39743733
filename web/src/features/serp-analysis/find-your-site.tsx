import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { LIVE_MESSAGES, MESSAGES, SERP_MESSAGES } from '@core/messages';
import { findRankIndex } from '@core/rank-match';
import type { SerpSource } from '@core/schemas/serp';
import { useRankCheck, type RankCheckBody, type RankCheckResponse } from '../../api/rank-check';
import { LiveStatus } from '../../components/live-status';
import { RankResult, rankAnnouncement } from '../../components/rank-result';
import { usageKey } from '../../api/usage';
import { UpgradeMessage } from '../../components/upgrade-message';
import type { OrganicResult } from './serp-api';

interface Props {
  token: string | null;
  /** The search on screen, with the user's search settings. */
  search: Omit<RankCheckBody, 'url' | 'known'>;
  source: SerpSource;
  /** When the results on screen were found, and whether they were kept from earlier. */
  freshness: Pick<RankCheckResponse, 'fetchedAt' | 'cached'>;
  /** The results on screen, in rank order, and how many result pages they came from. */
  results: readonly OrganicResult[];
  pages: number;
  /** The pages on screen hold every result there is. */
  exhausted: boolean;
}

/**
 * The rank in the results on screen, when that settles it: found there, or not ranking
 * because they are every result there is. Null when only later pages can tell.
 */
function rankOnScreen(site: string, { source, freshness, results, pages, exhausted }: Props) {
  const index = findRankIndex(
    site,
    results.map((r) => r.domain),
  );
  if (index < 0 && !exhausted) return null;
  const result = results[index] ?? null;
  return {
    source,
    ...freshness,
    position: result?.position ?? 'N/A',
    domain: result?.domain ?? '',
    result,
    pagesSearched: pages,
    organic_results: [...results],
  } satisfies RankCheckResponse;
}

/**
 * The rank checker: where the user's site ranks in the top 100. The cards
 * on screen are looked at first, at no cost; only past them does the rank check run, and
 * it costs one search of the month, which the box says before it is used.
 */
export function FindYourSite(props: Props) {
  const { token, search, results, pages } = props;
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [url, setUrl] = useState('');
  const [lookup, setLookup] = useState<{ site: string; onScreen: RankCheckResponse | null }>();
  const check = useRankCheck(token, {
    onError: (error) => console.error('rank lookup failed', error),
    onSettled: () => {
      if (token) void queryClient.invalidateQueries({ queryKey: usageKey('serp', token) });
    },
  });

  const find = (event: FormEvent) => {
    event.preventDefault();
    const site = url.trim();
    if (!site) return;
    const onScreen = rankOnScreen(site, props);
    setLookup({ site, onScreen });
    check.reset();
    if (!onScreen) check.mutate({ ...search, url: site, known: { pages, results: [...results] } });
  };
  const answer = lookup?.onScreen ?? check.data;
  const liveMessage = check.isPending
    ? LIVE_MESSAGES.rankSearching
    : lookup && answer
      ? rankAnnouncement(lookup.site, answer)
      : '';
  const close = () => {
    setLookup(undefined);
    check.reset();
  };

  return (
    <>
      <Form.Check
        type="switch"
        id="find-your-site"
        label="find your site"
        checked={shown}
        onChange={(e) => setShown(e.target.checked)}
      />
      {shown && (
        // A row of its own under the toolbar it sits in.
        <div className="w-100 order-last">
          <Form onSubmit={find} style={{ maxWidth: 480 }}>
            <InputGroup size="sm">
              <Form.Control
                aria-label="Your site"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
              <Button type="submit">find</Button>
            </InputGroup>
            <Form.Text muted data-testid="rank-cost-note">
              {SERP_MESSAGES.rankCheckCost}
            </Form.Text>
          </Form>
        </div>
      )}
      <Modal show={lookup !== undefined} onHide={close} centered aria-labelledby="rank-modal-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="rank-modal-title">
            {search.searchTerm}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body data-testid="rank-modal">
          <LiveStatus message={liveMessage} />
          {lookup?.onScreen && (
            <>
              <RankResult site={lookup.site} search={search} response={lookup.onScreen} />
              <p className="small text-body-secondary mt-2 mb-0" data-testid="rank-on-screen">
                {SERP_MESSAGES.answeredOnScreen}
              </p>
            </>
          )}
          {check.isPending && (
            <div className="text-center my-3">
              <Spinner size="sm" className="me-2" aria-hidden />
              {MESSAGES.searchingTop100}
            </div>
          )}
          {lookup && check.data && (
            <RankResult site={lookup.site} search={search} response={check.data} />
          )}
          {check.error && (
            <p className="text-danger mb-0">
              <UpgradeMessage text={check.error.message} />
            </p>
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}
