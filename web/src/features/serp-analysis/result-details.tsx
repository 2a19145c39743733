import Badge from 'react-bootstrap/Badge';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import Tab from 'react-bootstrap/Tab';
import { statusVariant } from '@core/serp-display';
import { FieldPanel, FilmstripPanel, LabPanel } from './speed-panels';
import { RumFieldPanel } from '../../components/rum-field-panel';
import { SeoVerdicts } from './seo-verdicts';
import type { CardTab, CardView } from './card-view';
import type { SerpCard } from './use-serp-analysis';

const TABS: { key: CardTab; title: string; desktopOnly?: boolean }[] = [
  { key: 'content', title: 'Content' },
  { key: 'schema', title: 'Schema Types' },
  { key: 'lab', title: 'Lab' },
  { key: 'field', title: 'Field' },
  { key: 'filmstrip', title: 'Filmstrip', desktopOnly: true },
  { key: 'tech', title: 'Tech' },
];
const SCHEMA_VALIDATOR = 'https://validator.schema.org/#url=';

interface Props {
  card: SerpCard;
  view: CardView;
  onView(view: CardView): void;
  /** On mobile the tabs become a dropdown and there is no filmstrip. */
  mobile: boolean;
}

/** A card's expanded data: one tab each for content, schema, lab, field, filmstrip and tech. */
export function ResultDetails({ card, view, onView, mobile }: Props) {
  const tabs = TABS.filter((t) => !(mobile && t.desktopOnly));
  const active = tabs.find((t) => t.key === view.tab) ?? tabs[0]!;
  const select = (key: string | null) => {
    if (key) onView({ ...view, tab: key as CardTab });
  };
  const url = card.result.link;
  return (
    <Tab.Container
      id={`card-${card.key}`}
      activeKey={active.key}
      onSelect={select}
      mountOnEnter
      transition={false}
    >
      {mobile ? (
        <Dropdown onSelect={select} className="mt-2">
          <Dropdown.Toggle variant="outline-secondary" size="sm" data-testid="card-tab-menu">
            {active.title}
          </Dropdown.Toggle>
          {/* Options of a list: the items always carry aria-selected, which a button may not. */}
          <Dropdown.Menu role="listbox" aria-label="Card tab">
            {tabs.map((t) => (
              <Dropdown.Item
                key={t.key}
                eventKey={t.key}
                active={t.key === active.key}
                role="option"
              >
                {t.title}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        </Dropdown>
      ) : (
        <Nav variant="tabs" className="sr-card-tabs mt-2">
          {tabs.map((t) => (
            <Nav.Item key={t.key}>
              <Nav.Link eventKey={t.key}>{t.title}</Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      )}
      <Tab.Content>
        <Tab.Pane eventKey="content">
          <ContentPanel card={card} />
          <SeoVerdicts card={card} />
        </Tab.Pane>
        <Tab.Pane eventKey="schema">
          <SchemaPanel card={card} />
        </Tab.Pane>
        <Tab.Pane eventKey="lab">
          <LabPanel
            speed={card.speed}
            url={url}
            id={card.key}
            device={card.device}
            metric={view.lab}
            onMetric={(lab) => onView({ ...view, lab })}
          />
        </Tab.Pane>
        <Tab.Pane eventKey="field">
          <FieldPanel
            speed={card.speed}
            url={url}
            id={card.key}
            metric={view.field}
            onMetric={(field) => onView({ ...view, field })}
          />
          <RumFieldPanel url={url} device={card.device} onlyWithSite />
        </Tab.Pane>
        {!mobile && (
          <Tab.Pane eventKey="filmstrip">
            <FilmstripPanel speed={card.speed} url={url} />
          </Tab.Pane>
        )}
        <Tab.Pane eventKey="tech">
          <TechPanel card={card} />
        </Tab.Pane>
      </Tab.Content>
    </Tab.Container>
  );
}

/** Shown only when metadata exists and the word count is above 10. */
function ContentPanel({ card: { facts } }: { card: SerpCard }) {
  const meta = facts?.meta;
  if (!meta || (facts.total ?? 0) <= 10) return <p className="small mt-2 mb-0">Data Unavailable</p>;
  return (
    <dl className="small mt-2 mb-0" data-testid="result-content">
      <dt>Title tag</dt>
      <dd>{meta.title || 'site has no title'}</dd>
      <dt>Description</dt>
      <dd>{meta.description || 'site has no description!'}</dd>
      <dt>Language</dt>
      <dd>{meta.lang || 'N/A'}</dd>
      <dt>H1</dt>
      <dd>{meta.h1 || 'missing h1 tag!'}</dd>
      <dt>H2 ({meta.h2.size})</dt>
      <dd>
        {meta.h2.size === 0
          ? 'no h2 tags found!'
          : meta.h2.list.slice(0, 3).map((h2) => <div key={h2}>{h2}</div>)}
      </dd>
    </dl>
  );
}

function SchemaPanel({ card: { facts, result } }: { card: SerpCard }) {
  return (
    <div className="small mt-2" data-testid="result-schema">
      {facts && facts.schemaObject.length > 0 ? (
        <ul className="mb-1 ps-3">
          {facts.schemaObject.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      ) : (
        <p className="mb-1">no types</p>
      )}
      <a href={SCHEMA_VALIDATOR + encodeURIComponent(result.link)} target="_blank" rel="noreferrer">
        validate schema
      </a>
    </div>
  );
}

/** HTTP codes with the URL on hover, and the canonical URL ('self referencing' when it is). */
function TechPanel({ card: { facts, result } }: { card: SerpCard }) {
  if (!facts) return <p className="small mt-2 mb-0">Data Unavailable</p>;
  const canonical = facts.meta?.url;
  return (
    <div className="small mt-2" data-testid="result-tech">
      <div className="d-flex flex-wrap gap-1">
        {facts.redirects.map((hop, i) => (
          <Badge key={i} bg={statusVariant(hop.status)} title={hop.url}>
            {hop.status}
          </Badge>
        ))}
      </div>
      <div className="mt-1 text-break">
        Canonical:{' '}
        {!canonical
          ? 'missing canonical url!'
          : canonical === facts.finalUrl || canonical === result.link
            ? 'self referencing'
            : canonical}
      </div>
    </div>
  );
}
