import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import {
  canSearchGoogleSays,
  GOOGLE_SAYS_SOURCES,
  googleSaysQuery,
  googleSaysTopic,
  googleSaysUrl,
} from '@core/google-says';
import { PageHeader } from '../../components/page-header';
import { SourceCards } from './source-cards';
import { TopicFields } from './topic-fields';

/** Google Says: no API call; the live search opens in a new tab. */
export function GoogleSaysPage() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [preset, setPreset] = useState('');
  const [custom, setCustom] = useState('');

  // The sources in card order, so the same choice always gives the same query.
  const handles = GOOGLE_SAYS_SOURCES.map((s) => s.handle).filter((h) => selected.has(h));
  const topic = googleSaysTopic(preset, custom);
  const ready = canSearchGoogleSays(handles, topic);

  const toggle = (handle: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(handle)) next.add(handle);
      return next;
    });

  return (
    <Container className="py-4">
      <PageHeader crumb="Google Says" heading="Google Says" />
      <p className="lead">
        See what Google&rsquo;s search team has posted about an SEO topic: pick one or more accounts
        and a topic, and the latest posts open on Twitter in a new tab.
      </p>
      <h2 className="h5 mt-4 mb-3">Choose sources</h2>
      <SourceCards selected={selected} onToggle={toggle} />
      <h2 className="h5 mt-4 mb-3">Choose a topic</h2>
      <TopicFields preset={preset} custom={custom} onPreset={setPreset} onCustom={setCustom} />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Button
          disabled={!ready}
          onClick={() => window.open(googleSaysUrl(topic, handles), '_blank', 'noopener')}
        >
          search on twitter
        </Button>
        {ready ? (
          <code className="text-break" data-testid="google-says-query">
            {googleSaysQuery(topic, handles)}
          </code>
        ) : (
          <span className="text-muted small">Choose at least one source and a topic.</span>
        )}
      </div>
    </Container>
  );
}
