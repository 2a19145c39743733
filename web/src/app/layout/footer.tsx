import { useSiteConfig } from '../site-config';

/**
 * Footer on every page: company, support and postal address, and the company links, each
 * once the operator has set it (an unset one is left out, never shown as a placeholder).
 */
export function Footer() {
  const data = useSiteConfig();
  const company = data?.company;
  const links = company
    ? [
        { label: 'About', href: company.aboutUrl },
        { label: 'Contact', href: company.contactUrl },
        { label: company.socialLabel, href: company.socialUrl, external: true },
        { label: 'Privacy Policy', href: company.privacyUrl },
      ].filter((link) => link.href)
    : [];
  return (
    <footer className="sr-footer bg-dark text-light py-4 mt-5" data-testid="footer">
      <div className="container d-flex flex-column flex-md-row justify-content-between gap-3 small">
        <div>
          <div className="fw-bold">
            © {new Date().getFullYear()} {company?.name ?? 'SpeedRank'}
          </div>
          {company?.supportEmail && (
            <div>
              Support: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
            </div>
          )}
          {company?.postalAddress && <address className="mb-0">{company.postalAddress}</address>}
        </div>
        {links.length > 0 && (
          <nav aria-label="Company" className="d-flex flex-wrap gap-3 align-items-start">
            {links.map((link) =>
              link.external ? (
                <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              ) : (
                <a key={link.label} href={link.href}>
                  {link.label}
                </a>
              ),
            )}
          </nav>
        )}
      </div>
    </footer>
  );
}
