// Whatever colours an organiser picks, the storefront's text reads at 4.5:1 or better (WCAG AA).
import { describe, expect, it } from 'vitest';
import { brandTheme, contrastRatio, MIN_TEXT_CONTRAST, readableOn } from './branding.js';

const palette = [
  '#00ea6f',
  '#ffd400',
  '#ff5500',
  '#1a1a1a',
  '#0a0a0a',
  '#ffffff',
  '#fafafa',
  '#777777',
  '#767676',
  '#3b82f6',
  '#e11d48',
  '#7c3aed',
  '#f5f5dc',
  '#808080',
  '#00ffff',
  '#222244',
  '#bada55',
  '#ff00ff',
];

describe('brandTheme contrast', () => {
  it.each(palette.flatMap((primary) => palette.map((secondary) => [primary, secondary] as const)))(
    'primary %s on background %s: text, muted text, accent and button text all read',
    (primary, secondary) => {
      const theme = brandTheme({ primaryColor: primary, secondaryColor: secondary, fontFamily: 'Inter' });
      expect(contrastRatio(theme.text, theme.secondary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(theme.muted, theme.secondary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(theme.accent, theme.secondary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(theme.onPrimary, theme.primary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it('mid grey #777777 gets pure black text (white reaches only 4.48:1, near-black 4.41:1)', () => {
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(brandTheme({ primaryColor: null, secondaryColor: '#777777', fontFamily: null }).text).toBe('#000000');
  });

  it('keeps a readable brand colour as it is and darkens or lightens one that is not', () => {
    expect(readableOn('#0000ff', '#ffffff')).toBe('#0000ff');
    const darkened = readableOn('#ffd400', '#ffffff');
    expect(darkened).not.toBe('#ffd400');
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const lightened = readableOn('#3b0764', '#0a0a0a');
    expect(contrastRatio(lightened, '#0a0a0a')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('a display font (Bebas Neue) is used for headings only; body text keeps a readable sans', () => {
    const theme = brandTheme({ primaryColor: null, secondaryColor: null, fontFamily: 'Bebas Neue' });
    expect(theme.css).toContain('body{font-family:system-ui');
    expect(theme.css).toContain('.f h1,.f h2,.f h3,.f .display{font-family:"Bebas Neue",Impact');
    expect(theme.css).not.toContain('.f body{font-family:"Bebas');
  });
});
