import { useEffect, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import { HEADER_SHADOW_SCROLL_PX } from '@core/limits';
import { PRO_PLAN_ID } from '@core/plans';
import { ROUTES, SETTINGS_LINK_PATHS } from '@core/routes';
import { useModals } from '../modals/modal-context';
import { useSession } from '../session/session-context';
import { useMediaQuery, WIDE_NAV_QUERY } from '../use-media-query';

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > px);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return scrolled;
}

/**
 * Spec 000 §2 'Header'. The nav collapses at 992 px or less; Bootstrap's lg breakpoint would
 * still expand it at exactly 992 px, so the width decides in code.
 */
export function Header() {
  const { pathname } = useLocation();
  const { session, signedIn } = useSession();
  const { open } = useModals();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const wide = useMediaQuery(WIDE_NAV_QUERY);
  // The menu belongs to the page it was opened on, so a route change closes it.
  const [expandedOn, setExpandedOn] = useState<string | null>(null);
  const expanded = expandedOn === pathname;
  const setExpanded = (next: boolean) => setExpandedOn(next ? pathname : null);
  const showSettings = SETTINGS_LINK_PATHS.includes(pathname);

  return (
    <Navbar
      expand={wide}
      bg="white"
      sticky="top"
      expanded={expanded}
      onToggle={setExpanded}
      className={`sr-header border-bottom ${scrolled ? 'sr-scrolled' : ''}`}
      data-testid="header"
    >
      <Container>
        <Navbar.Brand as={Link} to={ROUTES.home} className="fw-bold" data-testid="brand">
          SpeedRank
          {session.planId === PRO_PLAN_ID && <span className="sr-brand-pro">Pro</span>}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="sr-nav" />
        <Navbar.Collapse id="sr-nav">
          <Nav className={`ms-auto ${wide ? 'align-items-center' : ''}`}>
            {showSettings && (
              <Nav.Link
                as="button"
                type="button"
                className="btn btn-link text-start"
                onClick={() => {
                  setExpanded(false);
                  open('settings');
                }}
              >
                Settings
              </Nav.Link>
            )}
            <Nav.Link as={NavLink} to={ROUTES.home} end>
              Tools
            </Nav.Link>
            <Nav.Link as={NavLink} to={ROUTES.pricing}>
              Pricing
            </Nav.Link>
            {signedIn ? (
              <Nav.Link as={NavLink} to={ROUTES.account}>
                Account
              </Nav.Link>
            ) : (
              <Nav.Link
                as="button"
                type="button"
                className="btn btn-link text-start"
                onClick={() => {
                  setExpanded(false);
                  open('signIn');
                }}
              >
                Sign In
              </Nav.Link>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
