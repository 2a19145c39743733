import { Fragment, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';

/** A day (YYYY-MM-DD) read at noon UTC, so that no time zone shows the day before. */
export const dateText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** One part of the report: a heading, the link to where it comes from, and its content. */
export function ReportSection({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <Card
      as="section"
      className="shadow-sm mb-4"
      aria-labelledby={`${id}-heading`}
      data-testid={id}
    >
      <Card.Body>
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
          <h2 className="h4 mb-0 me-auto" id={`${id}-heading`}>
            {title}
          </h2>
          <Link to={link.to} className="small d-print-none">
            {link.text} →
          </Link>
        </div>
        {children}
      </Card.Body>
    </Card>
  );
}

/** What a section says when there is nothing to report. */
export function Empty({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="text-muted mb-0" data-testid={testId}>
      {children}
    </p>
  );
}

/** A domain that may wrap after its dots, where a phone is short of width. */
export function DomainText({ domain }: { domain: string }) {
  return domain.split('.').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          .<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}
