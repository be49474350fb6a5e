// Shared frame of the legal pages: a header with the way back to '/', the title, the date and the sections.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const LEGAL_EFFECTIVE_DATE = '22 November 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalLayoutProps {
  title: string;
  summary: string;
  sections: LegalSection[];
}

export function LegalLayout({ title, summary, sections }: LegalLayoutProps) {
  return (
    <div className="bg-background text-foreground min-h-screen">
      <header className="border-border border-b">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-6">
          <Link to="/" className="font-display rounded-sm text-2xl tracking-wider">
            Marquee
          </Link>
          <Link
            to="/"
            className="text-muted-foreground hover:text-foreground rounded-sm font-mono text-xs font-semibold tracking-widest uppercase"
          >
            ← Back to Marquee
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="font-display text-6xl leading-none tracking-wide sm:text-7xl">{title}</h1>
        <p className="text-muted-foreground mt-4 font-mono text-xs tracking-widest uppercase">
          Last updated <time dateTime="2026-11-22">{LEGAL_EFFECTIVE_DATE}</time>
        </p>
        <p className="mt-8 text-lg leading-relaxed">{summary}</p>
        <nav aria-label="Contents" className="border-border bg-muted mt-10 rounded-2xl border p-6">
          <h2 className="font-mono text-xs font-semibold tracking-widest uppercase">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="rounded-sm underline-offset-4 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-12 space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-8">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              <div className="text-muted-foreground mt-4 space-y-4 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-current">
                {section.body}
              </div>
            </section>
          ))}
        </div>
        <p className="border-border mt-16 border-t pt-8">
          <Link to="/" className="rounded-sm font-semibold underline underline-offset-4">
            Back to the Marquee home page
          </Link>
        </p>
      </main>
    </div>
  );
}
