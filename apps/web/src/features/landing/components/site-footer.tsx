// The footer: the product name with the trademark sign and 2025 over the animated scene background (a static
// gradient when the scene is unavailable), plus the legal links.
import { Link } from 'react-router';
import { FooterCanvas } from './footer-canvas';

export function SiteFooter() {
  return (
    <footer className="relative isolate overflow-hidden bg-[radial-gradient(ellipse_at_20%_100%,rgb(0_234_111/0.3),transparent_55%),linear-gradient(#050505,#050505)] text-[#fafafa]">
      <div className="absolute inset-0 -z-10">
        <FooterCanvas />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-6 pt-24 pb-10">
        <p className="font-display text-[clamp(4rem,12.5vw,12rem)] leading-[0.8] tracking-wide">Marquee™ 2025</p>
        <div className="flex flex-col gap-4 border-t border-white/10 pt-6 text-xs text-white/60 sm:flex-row sm:items-center sm:justify-between">
          <p>White-label ticketing for organisers. Fans pay an 8% booking fee; organisers pay nothing.</p>
          <nav aria-label="Legal">
            <ul className="flex gap-5 font-mono tracking-widest uppercase">
              <li>
                <Link to="/terms" className="rounded-sm hover:text-white">
                  Terms
                </Link>
              </li>
              <li>
                <Link to="/privacy" className="rounded-sm hover:text-white">
                  Privacy
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
