// A dashboard destination whose screen is not built yet: its title and an honest sentence, nothing to click.
import { PageHeader } from '../../../components/ui/page-header';

export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title={title} />
      <div className="border-border bg-card flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-16 text-center">
        <span className="border-border text-muted-foreground rounded-full border px-3 py-1 font-mono text-[10px] font-semibold tracking-widest uppercase">
          Coming soon
        </span>
        <p className="text-muted-foreground max-w-md text-sm">
          This part of the dashboard is being built and will appear here in an upcoming release.
        </p>
      </div>
    </section>
  );
}
