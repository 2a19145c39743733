import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { HEADER_SHADOW_SCROLL_PX } from '@core/limits';
import { PRO_PLAN_ID } from '@core/plans';
import { ROUTES, SETTINGS_LINK_PATHS } from '@core/routes';
import { useModals } from '../modals/modal-context';
import { loadQueryClient } from '../screen-modules';
import { useLazyModule } from '../use-lazy-module';
import { useMediaQuery } from '../use-media-query';
import { useSession } from '../session/session-context';
import { inBrowser } from '../viewport';

const loadWorkspaceSwitcher = () => import('../workspace/workspace-switcher');

/** The signed-in user's workspace choice, loaded after the shell with the query client. */
function Workspaces({ signedIn }: { signedIn: boolean }) {
  const client = useLazyModule(loadQueryClient, signedIn);
  const switcher = useLazyModule(loadWorkspaceSwitcher, signedIn);
  if (!signedIn || !client || !switcher) return null;
  return (
    <client.QueryProvider>
      <switcher.WorkspaceSwitcher />
    </client.QueryProvider>
  );
}

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(() => inBrowser && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > px);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return scrolled;
}

/**
 * The site header. The nav collapses at 992 px or less: styles.css expands it from
 * 993 px (Bootstrap's lg breakpoint would at 992), so the prerendered page has it right too.
 */
export function Header() {
  const { pathname } = useLocation();
  const { session, signedIn } = useSession();
  const { open } = useModals();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  // The menu belongs to the page it was opened on, so a route change closes it.
  const [expandedOn, setExpandedOn] = useState<string | null>(null);
  const expanded = expandedOn === pathname;
  const setExpanded = (next: boolean) => setExpandedOn(next ? pathname : null);
  const showSettings = SETTINGS_LINK_PATHS.includes(pathname);
  // The expanded nav has room for the user flows and CI checks links from 1200 px (the
  // collapsed menu always): between 993 and 1199 px they would wrap the header onto two lines.
  const expandedNav = useMediaQuery('(min-width: 993px)');
  const wideNav = useMediaQuery('(min-width: 1200px)');
  const showChecks = signedIn && (!expandedNav || wideNav);

  const navButton = (label: string, modal: 'settings' | 'signIn') => (
    <button
      type="button"
      className="nav-link btn btn-link text-start"
      onClick={() => {
        setExpanded(false);
        open(modal);
      }}
    >
      {label}
    </button>
  );

  // Bootstrap's navbar markup without its component library, which the shell does not carry.
  return (
    <nav
      className={`navbar bg-white sticky-top sr-header border-bottom ${scrolled ? 'sr-scrolled' : ''}`}
      data-testid="header"
    >
      <div className="container">
        <Link to={ROUTES.home} className="navbar-brand fw-bold" data-testid="brand">
          SpeedRank
          {session.planId === PRO_PLAN_ID && <span className="sr-brand-pro">Pro</span>}
        </Link>
        <button
          type="button"
          className={`navbar-toggler ${expanded ? '' : 'collapsed'}`}
          aria-controls="sr-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse ${expanded ? 'show' : ''}`} id="sr-nav">
          <div className="navbar-nav ms-auto">
            {showSettings && navButton('Settings', 'settings')}
            <NavLink to={ROUTES.home} end className="nav-link">
              Tools
            </NavLink>
            <NavLink to={ROUTES.siteSpeedTracking} className="nav-link">
              Speed Tracking
            </NavLink>
            <NavLink to={ROUTES.rankTracking} className="nav-link">
              Rank Tracking
            </NavLink>
            <NavLink to={ROUTES.realUserMonitoring} className="nav-link">
              Field data (RUM)
            </NavLink>
            <NavLink to={ROUTES.pricing} className="nav-link">
              Pricing
            </NavLink>
            {showChecks && (
              <NavLink to={ROUTES.flows} className="nav-link">
                User flows
              </NavLink>
            )}
            {showChecks && (
              <NavLink to={ROUTES.checks} className="nav-link">
                CI checks
              </NavLink>
            )}
            <Workspaces signedIn={signedIn} />
            {signedIn ? (
              <NavLink to={ROUTES.account} className="nav-link">
                Account
              </NavLink>
            ) : (
              navButton('Sign In', 'signIn')
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
