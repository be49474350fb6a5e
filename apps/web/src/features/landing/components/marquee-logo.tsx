// The Marquee wordmark, drawn as SVG: a ticket-stub mark and condensed display letters.
interface MarqueeLogoProps {
  className?: string;
  /** Accessible name; omit when the logo sits inside a link that names it. */
  title?: string;
}

export function MarqueeLogo({ className = '', title }: MarqueeLogoProps) {
  return (
    <svg
      viewBox="0 0 168 32"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {/* Ticket stub: a rounded rectangle with punched notches and a perforation. */}
      <path
        d="M4 4h24a4 4 0 0 1 4 4v5a3 3 0 0 0 0 6v5a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4v-5a3 3 0 0 0 0-6V8a4 4 0 0 1 4-4z"
        fill="#00ea6f"
      />
      <path d="M22 8v16" stroke="#0a0a0a" strokeWidth="2" strokeDasharray="2 2.5" />
      <path d="M7 22V10l4.5 7 4.5-7v12" fill="none" stroke="#0a0a0a" strokeWidth="2.6" strokeLinejoin="round" />
      <text
        x="42"
        y="27"
        fill="currentColor"
        fontFamily="'Bebas Neue', 'Archivo', sans-serif"
        fontSize="32"
        letterSpacing="1.5"
      >
        MARQUEE
      </text>
    </svg>
  );
}
