import { useSiteConfig } from '../site-config';

/** Footer on every page: company, support and postal address, and the company links. */
export function Footer() {
  const data = useSiteConfig();
  const company = data?.company;
  return (
    <footer className="sr-footer bg-dark text-light py-4 mt-5" data-testid="footer">
      <div className="container d-flex flex-column flex-md-row justify-content-between gap-3 small">
        <div>
          <div className="fw-bold">
            © {new Date().getFullYear()} {company?.name ?? 'SpeedRank'}
          </div>
          {company && (
            <>
              <div>
                Support: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
              </div>
              <address className="mb-0">{company.postalAddress}</address>
            </>
          )}
        </div>
        {company && (
          <nav aria-label="Company" className="d-flex flex-wrap gap-3 align-items-start">
            <a href={company.aboutUrl}>About</a>
            <a href={company.contactUrl}>Contact</a>
            <a href={company.socialUrl} target="_blank" rel="noopener noreferrer">
              {company.socialLabel}
            </a>
            <a href={company.privacyUrl}>Privacy Policy</a>
          </nav>
        )}
      </div>
    </footer>
  );
}
