// The one inline script of storefront pages (decision 036), allowed by its hash in the Content-Security-Policy
// (app.ts), which allows no other inline script. Once the page has loaded and painted (two animation frames after
// the load event, so the artwork is on screen first) it turns the brand font on and loads the storefront script
// (share button, countdowns, quantity steppers); neither competes with the artwork on a slow network. In a tab
// that has turned the font on before, the font's files are cached, so it is turned on at once.
import { createHash } from 'node:crypto';
import { FONTS_ON_CLASS } from './fonts.js';

export const STOREFRONT_SCRIPT_PATH = '/_storefront/checkout.js';

export const PAGE_LOADER = `(function(){var d=document,h=d.documentElement,k='mq-fonts',seen=false;
function on(){h.classList.add('${FONTS_ON_CLASS}');try{sessionStorage.setItem(k,'1')}catch(e){}}
function go(){requestAnimationFrame(function(){requestAnimationFrame(function(){on();var s=d.createElement('script');s.src='${STOREFRONT_SCRIPT_PATH}';d.body.appendChild(s)})})}
try{seen=sessionStorage.getItem(k)==='1'}catch(e){}if(seen)on();
if(d.readyState==='complete')go();else addEventListener('load',go);})();`;

/** The CSP source that allows exactly PAGE_LOADER inline. */
export const PAGE_LOADER_CSP = `'sha256-${createHash('sha256').update(PAGE_LOADER).digest('base64')}'`;
