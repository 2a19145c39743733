import type { ReactNode } from 'react';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';

interface Props {
  /** The last breadcrumb item, after 'Tools'. */
  crumb: string;
  heading: ReactNode;
}

/** Breadcrumb 'Tools > {crumb}' and the page heading. */
export function PageHeader({ crumb, heading }: Props) {
  return (
    <header className="mb-4">
      <Breadcrumb>
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/' }}>
          Tools
        </Breadcrumb.Item>
        <Breadcrumb.Item active>{crumb}</Breadcrumb.Item>
      </Breadcrumb>
      <h1 className="h2">{heading}</h1>
    </header>
  );
}
