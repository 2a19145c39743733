import { Link } from 'react-router';
import { ROUTES } from '@core/routes';

const TOOLS = [
  {
    to: ROUTES.serpAnalysis,
    name: 'SERP Analysis',
    description: 'Compare the speed, content and schema of the top results for any search.',
  },
  {
    to: ROUTES.serpChecker,
    name: 'SERP Checker',
    description: 'Find where your site ranks in the top 100 results for a search term.',
  },
  {
    to: ROUTES.speedTest,
    name: 'Website Speed Test',
    description: 'Run several page-speed samples and read an averaged, more accurate score.',
  },
  {
    to: ROUTES.siteSpeedTracking,
    name: 'Site Speed Tracking',
    description: 'Check your pages on a schedule and get an email when one gets slower.',
  },
  {
    to: ROUTES.rankTracking,
    name: 'Rank Tracking',
    description: 'Follow your keywords’ positions day by day, beside your competitors’.',
  },
  {
    to: ROUTES.realUserMonitoring,
    name: 'Real-user monitoring',
    description: 'See the Core Web Vitals your own visitors get, from one line in your pages.',
  },
  {
    to: ROUTES.keywordTool,
    name: 'Keyword Tool',
    description: 'Get category, similar, variation and related keywords for a seed term.',
  },
  {
    to: ROUTES.googleSays,
    name: 'Google Says',
    description: "Search what Google's search team has posted about an SEO topic.",
  },
  {
    to: ROUTES.mixlab,
    name: 'MixLab',
    description: 'Scrape the products of a shop into two CSV files (password protected).',
  },
] as const;

/**
 * Tools home: a card per tool with a one-line description and its link. Plain Bootstrap
 * markup: this screen ships with the shell, which carries no component library.
 */
export function ToolsHome() {
  return (
    <div className="container py-5">
      <h1 className="h2 mb-2">SEO and site-speed tools</h1>
      <p className="lead text-muted mb-4">
        See how fast the pages that outrank you are, and what they contain.
      </p>
      <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4">
        {TOOLS.map((tool) => (
          <div className="col" key={tool.to}>
            <div className="card h-100 sr-tool-card shadow-sm" data-testid="tool-card">
              <div className="card-body d-flex flex-column">
                <h2 className="card-title h5">{tool.name}</h2>
                <p className="card-text text-muted flex-grow-1">{tool.description}</p>
                <Link to={tool.to} className="btn btn-primary align-self-start">
                  Open {tool.name}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
