import { Button } from '../../components/ui/button';
import { useTheme } from '../../lib/theme';

export function HomeRoute() {
  const { theme, toggleTheme } = useTheme();
  return (
    <main className="bg-background text-foreground flex min-h-screen flex-col items-center justify-center gap-8 px-6">
      <h1 className="font-display text-6xl tracking-wide">Marquee</h1>
      <p className="text-muted-foreground max-w-md text-center">
        Sell tickets to your fans from your own branded page. Free for organisers; fans pay an 8% booking fee.
      </p>
      <div className="flex gap-3">
        <Button size="medium" variant="secondary" onClick={toggleTheme}>
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </Button>
      </div>
    </main>
  );
}
